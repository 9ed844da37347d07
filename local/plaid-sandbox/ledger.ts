// One item's transactions as /transactions/sync sees them: the current set, and the append-only
// change log that sync cursors point into. The generated history is replayed day by day: a
// transaction appears (pending or posted), a pending one may have its amount corrected (modified),
// then posts (its pending id is removed and the posted one added with pending_transaction_id) or is
// dropped, and a posted one may later have its merchant recognised (modified). The log is a pure
// function of the item and the days it was advanced through, so it is rebuilt identically after a
// restart.
import type { Day } from './days.ts';
import { generateHistory, type GeneratedTransaction, type History, type HistoryInput } from './history.ts';
import { idFor } from './random.ts';

export interface LedgerTransaction {
  id: string;
  generated: GeneratedTransaction;
  pending: boolean;
  pendingTransactionId: string | null;
  /** Cents, Plaid sign, as currently reported. */
  amount: number;
  /** The merchant is recognised (see GeneratedTransaction.enrichAfterDays). */
  recognised: boolean;
}

type ChangeOp = 'add' | 'modify' | 'remove';

interface LogEntry {
  op: ChangeOp;
  id: string;
}

export interface NetChange {
  kind: 'added' | 'modified' | 'removed';
  transaction: LedgerTransaction;
}

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

/** How long after its first appearance a transaction can still change (pending days + recognition). */
const SETTLING_DAYS = 10;
/**
 * The simulation runs this far ahead of the ledger, so daily advances reuse it. Simulating further
 * never changes earlier days, so a longer simulation filtered by day is the same history.
 */
const LOOKAHEAD_DAYS = 60;

/**
 * Items of the same person at the same bank, linked the same day, share one simulation (histories
 * are read-only once generated): a few recent ones are kept.
 */
const simulations = new Map<string, History>();
function simulate(input: HistoryInput, through: Day): History {
  const key = [input.seedKey, input.institution.institution_id, input.startDay, input.linkDay, through].join(
    '|',
  );
  let history = simulations.get(key);
  if (!history) {
    history = generateHistory(input, through);
    simulations.set(key, history);
    if (simulations.size > 16) simulations.delete(simulations.keys().next().value as string);
  }
  return history;
}

export class Ledger {
  private history: History;
  private historyThrough: Day;
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
    this.historyThrough = input.linkDay + LOOKAHEAD_DAYS;
    this.history = simulate(input, this.historyThrough);
    for (const generated of this.history.transactions) {
      if (!this.visible(generated) || generated.day > input.linkDay) continue;
      const transaction = this.versionOn(generated, input.linkDay);
      if (transaction) this.append('add', transaction);
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
    if (day > this.historyThrough) {
      this.historyThrough = day + LOOKAHEAD_DAYS;
      this.history = simulate(this.input, this.historyThrough);
    }
    const events: Array<{ day: Day; order: number; step: Step; generated: GeneratedTransaction }> = [];
    this.history.transactions.forEach((generated, order) => {
      if (!this.visible(generated) || generated.day > day || generated.day <= from - SETTLING_DAYS) return;
      for (const event of eventsOf(generated)) {
        if (event.day > from && event.day <= day) events.push({ ...event, order, generated });
      }
    });
    events.sort((a, b) => a.day - b.day || a.order - b.order || a.step - b.step);
    for (const { day: eventDay, step, generated } of events) {
      const next = this.versionOn(generated, eventDay);
      if (step === Step.Appear) {
        if (next) this.append('add', next);
        summary.added++;
      } else if (step === Step.Post) {
        const pending = this.versions.get(pendingIdOf(this.itemId, generated));
        if (pending) this.append('remove', pending);
        summary.removed++;
        if (next) {
          this.append('add', next);
          summary.added++;
        }
      } else if (next) {
        this.append('modify', next);
        summary.modified++;
      }
    }
    this.throughDay = day;
    return summary;
  }

  /**
   * The net effect of the log from a position to its end: what a client at `from` must apply to
   * reach the current state. A transaction added and removed in between is not reported at all.
   */
  changesSince(from: number): NetChange[] {
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
    const owed = new Set(['credit', 'loan']);
    for (const [key, figures] of Object.entries(this.history.accounts)) {
      balances.set(key, { current: figures.investmentValue ?? figures.opening, pending: 0 });
    }
    for (const generated of this.history.transactions) {
      if (generated.day > day) break;
      const balance = balances.get(generated.accountKey);
      const state = stateOn(generated, day);
      if (!balance || !state) continue;
      const sign = owed.has(this.typeOf(generated.accountKey)) ? 1 : -1;
      if (state.pending) balance.pending += state.amount;
      else balance.current += sign * state.amount;
    }
    // Loan interest: what is owed grows on each payment day by the interest the payment then covers.
    for (const accrual of this.history.accruals) {
      if (accrual.day > day) break;
      const balance = balances.get(accrual.accountKey);
      if (balance) balance.current += accrual.amount;
    }
    return balances;
  }

  private typeOf(accountKey: string): string {
    return this.input.institution.accounts.find((a) => a.key === accountKey)?.type ?? 'depository';
  }

  private visible(generated: GeneratedTransaction): boolean {
    return generated.day >= this.windowStart;
  }

  /** The transaction as the bank shows it on `day` (null before it appears or once dropped). */
  private versionOn(generated: GeneratedTransaction, day: Day): LedgerTransaction | null {
    const state = stateOn(generated, day);
    if (!state) return null;
    const pendingId = pendingIdOf(this.itemId, generated);
    const transaction: LedgerTransaction = {
      id: state.pending ? pendingId : idFor(this.itemId, generated.uid),
      generated,
      pending: state.pending,
      pendingTransactionId: !state.pending && generated.postAfterDays > 0 ? pendingId : null,
      amount: state.amount,
      recognised: state.recognised,
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

const pendingIdOf = (itemId: string, generated: GeneratedTransaction) =>
  idFor(itemId, generated.uid, 'pending');

enum Step {
  Appear,
  UpdatePending,
  Post,
  Recognise,
}

const postDayOf = (generated: GeneratedTransaction) => generated.day + generated.postAfterDays;

/** The days a transaction changes, in order. */
function eventsOf(generated: GeneratedTransaction): Array<{ day: Day; step: Step }> {
  const events = [{ day: generated.day, step: Step.Appear }];
  if (generated.pendingUpdate) events.push({ day: generated.day + 1, step: Step.UpdatePending });
  if (generated.postAfterDays > 0) events.push({ day: postDayOf(generated), step: Step.Post });
  if (generated.enrichAfterDays !== null && !generated.cancelled) {
    events.push({ day: postDayOf(generated) + generated.enrichAfterDays, step: Step.Recognise });
  }
  return events;
}

function stateOn(
  generated: GeneratedTransaction,
  day: Day,
): { pending: boolean; amount: number; recognised: boolean } | null {
  if (day < generated.day) return null;
  if (day < postDayOf(generated)) {
    const corrected = generated.pendingUpdate && day >= generated.day + 1;
    return {
      pending: true,
      amount: corrected ? generated.amount : generated.pendingAmount,
      recognised: generated.enrichAfterDays === null,
    };
  }
  if (generated.cancelled) return null;
  return {
    pending: false,
    amount: generated.amount,
    recognised: generated.enrichAfterDays === null || day >= postDayOf(generated) + generated.enrichAfterDays,
  };
}
