// One item's transactions as /transactions/sync sees them: the current set, and the append-only
// change log that sync cursors point into. The generated history is replayed day by day: a
// transaction appears (pending or posted), a pending one posts (its pending id is removed and the
// posted one added with pending_transaction_id) or is dropped, and a posted one is later enriched
// (modified). The log is a pure function of the item and the days it was advanced through, so it
// is rebuilt identically after a restart.
import type { Day } from './days.ts';
import { generateHistory, type GeneratedTransaction, type History, type HistoryInput } from './history.ts';
import { idFor } from './random.ts';

export interface LedgerTransaction {
  id: string;
  generated: GeneratedTransaction;
  pending: boolean;
  pendingTransactionId: string | null;
  /** The merchant has been recognised (see GeneratedTransaction.enrichAfterDays). */
  enriched: boolean;
}

export type ChangeOp = 'add' | 'modify' | 'remove';

interface LogEntry {
  op: ChangeOp;
  id: string;
}

export type NetChange =
  | { kind: 'added' | 'modified'; transaction: LedgerTransaction }
  | { kind: 'removed'; transaction: LedgerTransaction };

export interface ExtensionSummary {
  added: number;
  modified: number;
  removed: number;
}

export interface AccountBalance {
  /** Cents: money in the account, or owed on credit and loan accounts. */
  current: number;
  /** Cents of pending activity, Plaid sign. */
  pending: number;
}

/** How far after its first appearance a transaction can still change (pending days + enrichment). */
const SETTLING_DAYS = 10;

export class Ledger {
  private history: History;
  private readonly log: LogEntry[] = [];
  /** Every version ever shown (removed ones too: their account id is needed in `removed`). */
  private readonly versions = new Map<string, LedgerTransaction>();
  private readonly current = new Set<string>();
  private throughDay: Day;

  constructor(
    private readonly itemId: string,
    private readonly input: HistoryInput,
    /** The first day of history the item may see (Plaid's days_requested). */
    private readonly windowStart: Day,
  ) {
    this.throughDay = input.linkDay;
    this.history = generateHistory(input, input.linkDay);
    for (const generated of this.history.transactions) {
      if (!this.visible(generated) || generated.day > input.linkDay) continue;
      const state = stateOn(generated, input.linkDay);
      if (state === 'gone') continue;
      const transaction = this.version(generated, state);
      this.append('add', transaction);
    }
  }

  get through(): Day {
    return this.throughDay;
  }

  get head(): number {
    return this.log.length;
  }

  get generated(): History {
    return this.history;
  }

  /** The bank's activity of the days after `through` up to `day`, appended to the change log. */
  extendTo(day: Day): ExtensionSummary {
    const summary: ExtensionSummary = { added: 0, modified: 0, removed: 0 };
    if (day <= this.throughDay) return summary;
    const from = this.throughDay;
    this.history = generateHistory(this.input, day);
    const events: Array<{ day: Day; order: number; step: number; generated: GeneratedTransaction }> = [];
    this.history.transactions.forEach((generated, order) => {
      if (!this.visible(generated) || generated.day > day || generated.day <= from - SETTLING_DAYS) return;
      for (const [step, eventDay] of eventDays(generated).entries()) {
        if (eventDay !== null && eventDay > from && eventDay <= day)
          events.push({ day: eventDay, order, step, generated });
      }
    });
    events.sort((a, b) => a.day - b.day || a.order - b.order || a.step - b.step);
    for (const { step, generated } of events) {
      const pendingId = idFor(this.itemId, generated.uid, 'pending');
      const postedId = idFor(this.itemId, generated.uid);
      if (step === 0) {
        this.append('add', this.version(generated, generated.postAfterDays === 0 ? 'posted' : 'pending'));
        summary.added++;
      } else if (step === 1) {
        this.append('remove', this.versions.get(pendingId) ?? this.version(generated, 'pending'));
        summary.removed++;
        if (!generated.cancelled) {
          this.append('add', this.version(generated, 'posted'));
          summary.added++;
        }
      } else {
        const posted = this.versions.get(postedId) ?? this.version(generated, 'posted');
        const enriched = { ...posted, enriched: true };
        this.versions.set(postedId, enriched);
        this.append('modify', enriched);
        summary.modified++;
      }
    }
    this.throughDay = day;
    return summary;
  }

  /**
   * The net effect of the log between two positions: what a client at `from` must apply to reach
   * the current state. A transaction added and removed in between is not reported at all.
   */
  changesSince(from: number, accountKey: string | null): NetChange[] {
    const lastTouch = new Map<string, number>();
    for (let i = from; i < this.log.length; i++) lastTouch.set((this.log[i] as LogEntry).id, i);
    const existedBefore = new Set<string>();
    for (let i = 0; i < from; i++) {
      const entry = this.log[i] as LogEntry;
      if (!lastTouch.has(entry.id)) continue;
      if (entry.op === 'remove') existedBefore.delete(entry.id);
      else existedBefore.add(entry.id);
    }
    const changes: NetChange[] = [];
    for (const [id] of [...lastTouch.entries()].sort((a, b) => a[1] - b[1])) {
      const transaction = this.versions.get(id);
      if (!transaction) continue;
      if (accountKey !== null && transaction.generated.accountKey !== accountKey) continue;
      const before = existedBefore.has(id);
      const now = this.current.has(id);
      if (!before && now) changes.push({ kind: 'added', transaction });
      else if (before && now) changes.push({ kind: 'modified', transaction });
      else if (before && !now) changes.push({ kind: 'removed', transaction });
    }
    return changes;
  }

  /** The transactions visible now, oldest first. */
  transactions(): LedgerTransaction[] {
    return [...this.current]
      .map((id) => this.versions.get(id) as LedgerTransaction)
      .sort((a, b) => a.generated.day - b.generated.day);
  }

  /** Balances on `day` from the whole history (also the part older than the visible window). */
  balances(day: Day): Map<string, AccountBalance> {
    const balances = new Map<string, AccountBalance>();
    const credit = new Set(['credit', 'loan']);
    for (const [key, figures] of Object.entries(this.history.accounts)) {
      balances.set(key, { current: figures.investmentValue ?? figures.opening, pending: 0 });
    }
    for (const generated of this.history.transactions) {
      if (generated.day > day) break;
      const balance = balances.get(generated.accountKey);
      if (!balance) continue;
      const state = stateOn(generated, day);
      const sign = credit.has(this.typeOf(generated.accountKey)) ? 1 : -1;
      if (state === 'posted' || state === 'posted-enriched') balance.current += sign * generated.amount;
      else if (state === 'pending') balance.pending += generated.pendingAmount;
    }
    return balances;
  }

  private typeOf(accountKey: string): string {
    return this.input.institution.accounts.find((a) => a.key === accountKey)?.type ?? 'depository';
  }

  private visible(generated: GeneratedTransaction): boolean {
    return generated.day >= this.windowStart;
  }

  private version(
    generated: GeneratedTransaction,
    state: 'pending' | 'posted' | 'posted-enriched',
  ): LedgerTransaction {
    const pendingId = idFor(this.itemId, generated.uid, 'pending');
    const transaction: LedgerTransaction =
      state === 'pending'
        ? { id: pendingId, generated, pending: true, pendingTransactionId: null, enriched: false }
        : {
            id: idFor(this.itemId, generated.uid),
            generated,
            pending: false,
            pendingTransactionId: generated.postAfterDays > 0 ? pendingId : null,
            enriched: state === 'posted-enriched',
          };
    this.versions.set(transaction.id, transaction);
    return transaction;
  }

  private append(op: ChangeOp, transaction: LedgerTransaction): void {
    this.log.push({ op, id: transaction.id });
    if (op === 'remove') this.current.delete(transaction.id);
    else this.current.add(transaction.id);
  }
}

/** Days of a transaction's events: [appears, posts or is dropped, is enriched]. */
function eventDays(generated: GeneratedTransaction): [Day, Day | null, Day | null] {
  const postDay = generated.postAfterDays > 0 ? generated.day + generated.postAfterDays : null;
  const settled = postDay ?? generated.day;
  const enrichDay =
    generated.enrichAfterDays !== null && !generated.cancelled ? settled + generated.enrichAfterDays : null;
  return [generated.day, postDay, enrichDay];
}

function stateOn(
  generated: GeneratedTransaction,
  day: Day,
): 'pending' | 'posted' | 'posted-enriched' | 'gone' {
  const [appears, posts, enriched] = eventDays(generated);
  if (day < appears) return 'gone';
  if (posts !== null && day < posts) return 'pending';
  if (generated.cancelled) return 'gone';
  return enriched !== null && day >= enriched ? 'posted-enriched' : 'posted';
}
