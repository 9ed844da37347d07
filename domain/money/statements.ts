// Card and loan payments from the bank's statements. Detection alone plans a card's
// payment at the median of past payments, on a date guessed from past ones; the statement says what is
// owed and when. Here a card's payments are planned on each due date at what this person usually pays
// of a statement (all of it, the minimum, a fixed sum, or a share, learned from their history), with
// the statement balance projected forward from everyday card spending and the interest the APR charges
// on what is carried; a loan's payments at the scheduled amount on the due date, with the interest the
// rate accrues (what is owed falls by the payment less the interest).
import { estimateAllowance } from './allowance.ts';
import { median, roundCents, type Cents } from './cents.ts';
import { daysInMonth, formatCivil, formatDay, parseDay, toCivil } from './dates.ts';
import { planItemId, seriesIdOf, type GeneratedPlanItem } from './plan.ts';
import type { CategoryRef, HistoryTransaction, RecurringStream } from './recurring.ts';

export interface CardStatementTerms {
  readonly account_id: string;
  /** What is owed now, in cents (positive = owed). */
  readonly current_balance: Cents;
  readonly statement_date: string;
  readonly statement_balance: Cents;
  readonly minimum_payment: Cents | null;
  readonly due_date: string;
  readonly last_payment_date: string | null;
  readonly apr_percentage: number | null;
}

export interface LoanTerms {
  readonly account_id: string;
  readonly current_balance: Cents;
  readonly next_due_date: string;
  /** The scheduled payment, cents. */
  readonly payment: Cents;
  readonly rate_percentage: number | null;
}

/**
 * `carries`: pays most of each statement but leaves about the same amount unpaid month after month
 * (`carried`), so the balance neither runs away nor clears.
 */
export type PaymentPattern = 'full' | 'minimum' | 'fixed' | 'carries';

export interface CardPattern {
  readonly account_id: string;
  readonly pattern: PaymentPattern;
  /** Of a statement's balance, what was paid on average (1 for `full`). */
  readonly share: number;
  /** For `carries`: the usual amount left unpaid of a statement, cents. */
  readonly carried: Cents;
  /** For `fixed`: the usual payment. */
  readonly fixed_amount: Cents | null;
  /** Statements of the history the pattern was learned from. */
  readonly statements_seen: number;
  /** Everyday spending on the card per day, cents (Plaid sign: positive). */
  readonly daily_spend: Cents;
}

export interface StatementPlanInput {
  readonly profile_id: string;
  readonly today: string;
  readonly horizon_days: number;
  readonly plan: readonly GeneratedPlanItem[];
  readonly streams: readonly RecurringStream[];
  readonly transactions: readonly HistoryTransaction[];
  readonly cards: readonly CardStatementTerms[];
  readonly loans: readonly LoanTerms[];
}

const CARD_PAYMENT = 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
const PATTERN_STATEMENTS = 12;

/** The same day of the month `months` later (or earlier), clamped to the month's length. */
function shiftMonths(date: string, months: number, dayOfMonth = Number(date.slice(8, 10))): string {
  const { year, month } = toCivil(parseDay(date));
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return formatCivil(y, m, Math.min(dayOfMonth, daysInMonth(y, m)));
}

const isCardPayment = (t: HistoryTransaction) => t.personal_finance_category?.detailed === CARD_PAYMENT;

/**
 * Whether a stream is the cash side of card payments the plan takes from the cards' statements
 * (`planFromStatements`): an outflow categorised as a card payment, from an account that is not one of
 * `cardIds` (the cards planned from statements), when there are any.
 */
export function paysCardFromStatements(
  stream: { readonly account_id: string; readonly outflow: boolean; readonly detailed?: string | null },
  cardIds: ReadonlySet<string>,
): boolean {
  return (
    cardIds.size > 0 && stream.outflow && stream.detailed === CARD_PAYMENT && !cardIds.has(stream.account_id)
  );
}

/** Which active streams carry an account's payments: the side on the account and the cash side. */
function paymentStreams(
  streams: readonly RecurringStream[],
  accountId: string,
  category: (s: RecurringStream) => boolean,
) {
  const active = streams.filter((s) => s.status === 'active');
  const received = active
    .filter((s) => s.account_id === accountId && s.direction === 'inflow')
    .sort((a, b) => b.amount.expected - a.amount.expected)[0];
  const paid = received
    ? active
        .filter(
          (s) =>
            s.account_id !== accountId &&
            s.direction === 'outflow' &&
            category(s) &&
            Math.abs(parseDay(s.last_date) - parseDay(received.last_date)) <= 3,
        )
        .sort(
          (a, b) =>
            Math.abs(a.amount.expected - received.amount.expected) -
            Math.abs(b.amount.expected - received.amount.expected),
        )[0]
    : undefined;
  return { received, paid };
}

/**
 * What this person usually pays of a card's statement, from the card's own history: past statement
 * balances are the balance walked back from today to each statement day, and a statement's payment is
 * what the card received until the next statement.
 */
export function learnCardPattern(
  card: CardStatementTerms,
  transactions: readonly HistoryTransaction[],
  today: string,
  /** Transactions of recurring streams (subscriptions billed to the card): not everyday spending. */
  recurring: ReadonlySet<string> = new Set(),
): CardPattern {
  const own = transactions.filter((t) => t.account_id === card.account_id && !t.pending);
  const dom = Number(card.statement_date.slice(8, 10));
  const owedAt = (date: string) =>
    own.reduce((owed, t) => (t.date > date ? owed - t.amount : owed), card.current_balance);
  const ratios: number[] = [];
  const payments: Cents[] = [];
  const carriedAmounts: Cents[] = [];
  for (let k = 1; k <= PATTERN_STATEMENTS; k += 1) {
    const close = shiftMonths(card.statement_date, -k, dom);
    const nextClose = shiftMonths(card.statement_date, -k + 1, dom);
    if (own.length === 0 || close < (own[0]?.date ?? close)) break;
    const balance = owedAt(close);
    const paid = own
      .filter((t) => t.date > close && t.date <= nextClose && t.amount < 0 && isCardPayment(t))
      .reduce((sum, t) => sum - t.amount, 0);
    if (balance <= 1000) continue;
    ratios.push(Math.min(1, paid / balance));
    payments.push(paid);
    carriedAmounts.push(Math.max(0, balance - paid));
  }
  // Everyday spending as the forecast's allowance counts it, so payments follow what the forecast adds.
  const allowance = estimateAllowance({
    transactions: own,
    today,
    exclude_transaction_ids: [...recurring],
  });
  // Rare large purchases too: the forecast adds their expectation to the card, its statements pay it.
  const daily_spend = Math.max(0, -(allowance.daily_average + (allowance.lumps?.per_day ?? 0)));
  const share = ratios.length > 0 ? ratios.reduce((a, b) => a + b, 0) / ratios.length : 1;
  const base = {
    account_id: card.account_id,
    statements_seen: ratios.length,
    daily_spend,
    share,
    carried: 0,
  };
  if (ratios.length === 0) return { ...base, pattern: 'full', fixed_amount: null };
  const full = ratios.filter((r) => r >= 0.98).length / ratios.length;
  if (full >= 0.8) return { ...base, pattern: 'full', fixed_amount: null };
  const mean = payments.reduce((a, b) => a + b, 0) / payments.length;
  const spread = Math.sqrt(payments.reduce((s, p) => s + (p - mean) ** 2, 0) / payments.length);
  if (payments.length >= 3 && mean > 0 && spread / mean < 0.03)
    return { ...base, pattern: 'fixed', fixed_amount: roundCents(mean) };
  if (ratios.every((r) => r <= 0.06)) return { ...base, pattern: 'minimum', fixed_amount: null };
  return { ...base, pattern: 'carries', carried: roundCents(median(carriedAmounts)), fixed_amount: null };
}

/** The issuers' usual minimum: 1 % of the balance plus the interest, at least $35, never above it. */
const minimumOf = (balance: Cents, interest: Cents) =>
  Math.min(balance, Math.max(3500, Math.round(balance * 0.01) + interest));

function paymentFor(pattern: CardPattern, balance: Cents, minimum: Cents): Cents {
  if (balance <= 0) return 0;
  switch (pattern.pattern) {
    case 'full':
      return balance;
    case 'minimum':
      return minimum;
    case 'fixed':
      return Math.min(balance, Math.max(minimum, pattern.fixed_amount ?? 0));
    case 'carries':
      return Math.min(balance, Math.max(minimum, balance - pattern.carried));
  }
}

function item(
  seriesId: string,
  accountId: string,
  dueDate: string,
  amount: Cents,
  description: string,
  category: CategoryRef | null,
): GeneratedPlanItem {
  return {
    id: planItemId(seriesId, dueDate),
    series_id: seriesId,
    account_id: accountId,
    due_date: dueDate,
    amount: roundCents(amount),
    description,
    personal_finance_category: category,
    category_primary: category?.primary ?? null,
    category_detailed: category?.detailed ?? null,
    is_generated: true,
  };
}

const INTEREST: CategoryRef = { primary: 'BANK_FEES', detailed: 'BANK_FEES_INTEREST_CHARGE' };

/**
 * The plan with card and loan payments taken from the statements: the detected payment streams'
 * items (both sides) and a card's detected interest charges are replaced by items computed from the
 * terms. Accounts without terms keep what detection planned.
 */
export function planFromStatements(input: StatementPlanInput): {
  plan: GeneratedPlanItem[];
  cards: CardPattern[];
} {
  const end = formatDay(parseDay(input.today) + input.horizon_days);
  const replaced = new Set<string>();
  const added: GeneratedPlanItem[] = [];
  const patterns: CardPattern[] = [];
  const seriesOf = (stream: RecurringStream) => seriesIdOf(input.profile_id, stream.key);
  const recurringIds = new Set(input.streams.flatMap((s) => s.transaction_ids));

  for (const card of input.cards) {
    const { received, paid } = paymentStreams(
      input.streams,
      card.account_id,
      (s) => s.category?.detailed === CARD_PAYMENT,
    );
    const interestStreams = input.streams.filter(
      (s) =>
        s.account_id === card.account_id && s.direction === 'outflow' && s.category?.primary === 'BANK_FEES',
    );
    for (const s of [received, paid, ...interestStreams]) if (s) replaced.add(seriesOf(s));
    const pattern = learnCardPattern(card, input.transactions, input.today, recurringIds);
    patterns.push(pattern);
    const receivedSeries = received
      ? seriesOf(received)
      : seriesIdOf(input.profile_id, `statement-payment:${card.account_id}`);
    const interestSeries = interestStreams[0]
      ? seriesOf(interestStreams[0])
      : seriesIdOf(input.profile_id, `statement-interest:${card.account_id}`);
    const description = received?.merchant ?? 'Card payment';
    const category = received?.category ?? { primary: 'LOAN_PAYMENTS', detailed: CARD_PAYMENT };
    // Other planned charges on the card (subscriptions billed to it) raise what the statement will say.
    const charges = input.plan.filter(
      (i) => i.account_id === card.account_id && i.amount < 0 && !replaced.has(i.series_id),
    );
    const gap = parseDay(card.due_date) - parseDay(card.statement_date);
    const dom = Number(card.statement_date.slice(8, 10));
    const monthlyRate = (card.apr_percentage ?? 0) / 100 / 12;
    const pay = (dueDate: string, amount: Cents) => {
      if (amount <= 0 || dueDate > end) return;
      added.push(item(receivedSeries, card.account_id, dueDate, amount, description, category));
      if (paid)
        added.push(item(seriesOf(paid), paid.account_id, dueDate, -amount, paid.merchant, paid.category));
    };

    // The statement already issued: paid on its due date unless a payment came after it.
    const alreadyPaid = card.last_payment_date !== null && card.last_payment_date > card.statement_date;
    let statement = card.statement_balance;
    let statementPaid = 0;
    let owed = card.current_balance;
    let day = input.today;
    if (!alreadyPaid && card.due_date >= input.today) {
      const minimum = card.minimum_payment ?? minimumOf(statement, 0);
      statementPaid = paymentFor(pattern, statement, minimum);
      pay(card.due_date, statementPaid);
    } else statementPaid = alreadyPaid ? statement : 0;
    const paymentsAfter = (from: string, to: string) =>
      added
        .filter(
          (i) => i.account_id === card.account_id && i.due_date > from && i.due_date <= to && i.amount > 0,
        )
        .reduce((s, i) => s + i.amount, 0);
    for (let k = 1; ; k += 1) {
      const close = shiftMonths(card.statement_date, k, dom);
      if (close > end) break;
      if (close <= input.today) continue;
      const days = parseDay(close) - parseDay(day);
      const chargesBetween = charges
        .filter((i) => i.due_date > day && i.due_date <= close)
        .reduce((s, i) => s - i.amount, 0);
      owed += pattern.daily_spend * days + chargesBetween - paymentsAfter(day, close);
      const carried = Math.max(0, statement - statementPaid);
      const interest = carried > 0 ? Math.max(50, Math.round(carried * monthlyRate)) : 0;
      if (interest > 0 && monthlyRate > 0) {
        owed += interest;
        added.push(item(interestSeries, card.account_id, close, -interest, 'Interest charge', INTEREST));
      }
      statement = Math.max(0, Math.round(owed));
      statementPaid = paymentFor(pattern, statement, minimumOf(statement, interest));
      pay(formatDay(parseDay(close) + gap), statementPaid);
      day = close;
    }
  }

  for (const loan of input.loans) {
    const { received, paid } = paymentStreams(
      input.streams,
      loan.account_id,
      (s) => s.category?.primary === 'LOAN_PAYMENTS',
    );
    for (const s of [received, paid]) if (s) replaced.add(seriesOf(s));
    const receivedSeries = received
      ? seriesOf(received)
      : seriesIdOf(input.profile_id, `statement-payment:${loan.account_id}`);
    const interestSeries = seriesIdOf(input.profile_id, `statement-interest:${loan.account_id}`);
    const description = received?.merchant ?? 'Loan payment';
    const category = received?.category ?? {
      primary: 'LOAN_PAYMENTS',
      detailed: 'LOAN_PAYMENTS_OTHER_PAYMENT',
    };
    const monthlyRate = (loan.rate_percentage ?? 0) / 100 / 12;
    const dom = Number(loan.next_due_date.slice(8, 10));
    let owed = loan.current_balance;
    for (let k = 0; owed > 0; k += 1) {
      const due = shiftMonths(loan.next_due_date, k, dom);
      if (due > end) break;
      if (due < input.today) continue;
      const interest = Math.round(owed * monthlyRate);
      if (interest > 0)
        added.push(item(interestSeries, loan.account_id, due, -interest, 'Interest', category));
      const amount = Math.min(loan.payment, owed + interest);
      owed += interest - amount;
      added.push(item(receivedSeries, loan.account_id, due, amount, description, category));
      if (paid) added.push(item(seriesOf(paid), paid.account_id, due, -amount, paid.merchant, paid.category));
    }
  }

  const byId = new Map<string, GeneratedPlanItem>();
  for (const i of input.plan) if (!replaced.has(i.series_id)) byId.set(i.id, i);
  for (const i of added) byId.set(i.id, i);
  const plan = [...byId.values()].sort((a, b) =>
    a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  return { plan, cards: patterns };
}

/** What sync keeps of /liabilities/get on an account (connected_accounts.liability), in cents. */
export interface LiabilityRecord {
  readonly kind: 'credit' | 'student' | 'mortgage';
  readonly statement_date?: string | undefined;
  readonly statement_balance?: Cents | undefined;
  readonly minimum_payment?: Cents | undefined;
  readonly next_payment_due_date?: string | undefined;
  /** A loan's scheduled payment. */
  readonly next_payment_amount?: Cents | undefined;
  readonly last_payment_date?: string | undefined;
  readonly last_payment_amount?: Cents | undefined;
  /** A card's purchase APR, or a loan's interest rate, in percent. */
  readonly interest_rate?: number | undefined;
  readonly refreshed_at: string;
}

/** The accounts' statement terms, for those whose record holds enough to plan from. */
export function statementTerms(
  accounts: ReadonlyArray<{
    readonly id: string;
    readonly account_type: string;
    readonly current_balance?: Cents | null | undefined;
    readonly liability?: LiabilityRecord | null | undefined;
  }>,
): { cards: CardStatementTerms[]; loans: LoanTerms[] } {
  const cards: CardStatementTerms[] = [];
  const loans: LoanTerms[] = [];
  for (const account of accounts) {
    const l = account.liability;
    if (!l) continue;
    const current = account.current_balance ?? 0;
    if (
      account.account_type === 'credit' &&
      l.kind === 'credit' &&
      l.statement_date &&
      l.statement_balance !== undefined &&
      l.next_payment_due_date
    ) {
      cards.push({
        account_id: account.id,
        current_balance: current,
        statement_date: l.statement_date,
        statement_balance: l.statement_balance,
        minimum_payment: l.minimum_payment ?? null,
        due_date: l.next_payment_due_date,
        last_payment_date: l.last_payment_date ?? null,
        apr_percentage: l.interest_rate ?? null,
      });
    } else if (
      account.account_type === 'loan' &&
      l.kind !== 'credit' &&
      l.next_payment_due_date &&
      (l.next_payment_amount ?? l.minimum_payment)
    ) {
      loans.push({
        account_id: account.id,
        current_balance: current,
        next_due_date: l.next_payment_due_date,
        payment: (l.next_payment_amount ?? l.minimum_payment) as Cents,
        rate_percentage: l.interest_rate ?? null,
      });
    }
  }
  return { cards, loans };
}
