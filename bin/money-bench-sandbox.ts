// The Plaid sandbox's histories for the money bench: the histories themselves (20 seeds × 5 banks, 24
// months each, with the bank's balances and statements at the backtest's start and horizons), a naive
// detector to compare detection with, and the forecast backtest a year before the sandbox's today.
import type { AccountBase, PlaidApi } from 'plaid';
import { estimateAllowance } from '../domain/money/allowance.ts';
import { median } from '../domain/money/cents.ts';
import { addDays, formatDay, parseDay } from '../domain/money/dates.ts';
import { balanceDelta, forecastAccount, type AccountType } from '../domain/money/forecast.ts';
import { normalizeMerchant, payeeName } from '../domain/money/merchant.ts';
import { flowFromPlaid, generatePlan } from '../domain/money/plan.ts';
import { detectRecurring, type HistoryTransaction, type RecurringStream } from '../domain/money/recurring.ts';
import type { scoreDetection } from '../domain/money/scoring.ts';
import { type TruthSeries } from '../domain/money/scoring.ts';
import {
  paysCardFromStatements,
  planFromStatements,
  statementTerms,
  type LiabilityRecord,
} from '../domain/money/statements.ts';
import { liabilityRecords } from '../functions/lib/plaid/liabilities.ts';
import { institutions } from '../local/plaid-sandbox/institutions.ts';
import { createPlaidSandbox } from '../local/plaid-sandbox/sandbox.ts';
import { apply, linkItem, plaidClient, syncAll } from '../local/plaid-sandbox/test-support.ts';

/** A fixed wall clock: the same histories, hence the same figures, on every run. */
const SANDBOX_NOW = new Date('2026-06-15T12:00:00Z');
const BENCH_KEYS = { clientId: 'bench-client', secret: 'bench-secret' };

/**
 * The detector anyone would write first: a payee seen 3+ times at amounts within 10 % of their median
 * is recurring, every median gap, next due one median gap after the last.
 */
export function naiveDetect(transactions: readonly HistoryTransaction[], today: string): RecurringStream[] {
  const groups = new Map<string, HistoryTransaction[]>();
  for (const t of transactions) {
    if (t.pending || t.date > today) continue;
    const key = `${t.account_id}|${t.amount < 0 ? 'in' : 'out'}|${normalizeMerchant(payeeName(t))}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const streams: RecurringStream[] = [];
  for (const [key, group] of groups) {
    const mid = median(group.map((t) => Math.abs(t.amount)));
    const similar = group
      .filter((t) => Math.abs(Math.abs(t.amount) - mid) <= mid * 0.1)
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    if (similar.length < 3) continue;
    const gaps = similar.slice(1).map((t, i) => parseDay(t.date) - parseDay(similar[i]?.date ?? t.date));
    const gap = Math.max(1, Math.round(median(gaps)));
    const last = similar[similar.length - 1]?.date ?? today;
    let next = parseDay(last) + gap;
    while (next <= parseDay(today)) next += gap;
    streams.push({
      key,
      transaction_ids: similar.map((t) => t.id),
      status: 'active',
      next_date: formatDay(next),
    } as unknown as RecurringStream);
  }
  return streams;
}

export interface SandboxItemHistory {
  today: string;
  accounts: AccountBase[];
  transactions: HistoryTransaction[];
  truth: TruthSeries[];
  /** /liabilities/get as of the backtest's start, as sync would have kept it (cents). */
  liabilities: Map<string, LiabilityRecord>;
  /** The bank's balances (cents) at the start and each horizon: loans accrue interest no transaction shows. */
  balancesAt: Map<number, Record<string, number>>;
}

/** The backtest forecasts from a year before the sandbox's today. */
const BACKTEST_DAYS = 366;

/** Seeds `firstSeed` … `firstSeed + seeds − 1` (the bench's are 1…20; 21…40 were kept for calibration). */
export async function sandboxHistories(seeds: number, firstSeed = 1): Promise<SandboxItemHistory[]> {
  const banks = institutions.filter((i) => !i.oauth).slice(0, 5);
  const out: SandboxItemHistory[] = [];
  for (let seed = firstSeed; seed < firstSeed + seeds; seed += 1) {
    const sandbox = await createPlaidSandbox({
      port: 0,
      ...BENCH_KEYS,
      seed: `bench-${seed}`,
      now: () => SANDBOX_NOW,
    });
    try {
      const client: PlaidApi = plaidClient(sandbox.url, BENCH_KEYS);
      for (const bank of banks) {
        const { access_token: accessToken } = await linkItem(client, {
          institution_id: bank.institution_id,
          days_requested: 730,
        });
        const drained = await syncAll(client, accessToken);
        const { data } = await client.accountsGet({ access_token: accessToken });
        const truth = sandbox.groundTruth(accessToken);
        const asOf = addDays(truth.today, -BACKTEST_DAYS);
        const past = sandbox.pastStatements(accessToken, asOf);
        const balancesAt = new Map(
          [0, ...HORIZONS].map((h) => [h, sandbox.pastStatements(accessToken, addDays(asOf, h)).balances]),
        );
        const transactions = [...apply(new Map(), drained).values()].map((t) => ({
          id: t.transaction_id,
          account_id: t.account_id,
          date: t.date,
          amount: Math.round(t.amount * 100),
          name: t.name,
          merchant_name: t.merchant_name ?? null,
          personal_finance_category: t.personal_finance_category
            ? { primary: t.personal_finance_category.primary, detailed: t.personal_finance_category.detailed }
            : null,
          pending: t.pending,
        }));
        out.push({
          today: truth.today,
          accounts: data.accounts,
          transactions,
          truth: truth.series.map((s) => ({
            series_id: s.series_id,
            transaction_ids: s.transaction_ids,
            predicted_next_date: s.predicted_next_date,
          })),
          liabilities: liabilityRecords(past.liabilities, `${asOf}T00:00:00Z`),
          balancesAt,
        });
      }
    } finally {
      await sandbox.close();
    }
  }
  return out;
}

export function totals(scores: ReturnType<typeof scoreDetection>[]) {
  const tp = scores.reduce((s, x) => s + x.true_positives, 0);
  const fp = scores.reduce((s, x) => s + x.false_positives, 0);
  const fn = scores.reduce((s, x) => s + x.false_negatives, 0);
  const samples = scores.reduce((s, x) => s + x.next_date_samples, 0);
  const errorDays = scores.reduce((s, x) => s + (x.next_date_mae_days ?? 0) * x.next_date_samples, 0);
  return {
    precision: tp / (tp + fp),
    recall: tp / (tp + fn),
    mae: samples > 0 ? errorDays / samples : Number.NaN,
  };
}

function accountTypeOf(account: AccountBase): AccountType {
  const type = String(account.type);
  return type === 'depository' || type === 'credit' || type === 'loan' || type === 'investment'
    ? type
    : 'other';
}

export const HORIZONS = [30, 90, 365] as const;
/** The band's coverage is reported for savings apart from checking: their errors differ in kind. */
export type BandGroup = 'checking' | 'savings' | 'credit';

/**
 * Forecast from a year before the sandbox's today with what was known then (streams detected on the
 * history up to that day, the plan generated from them, the allowance), and compare with the balances
 * the history shows 30, 90 and 365 days later. The errors compare the detected plan with and without
 * the allowance and the plan from statements; the band's coverage is the product's forecast (the plan
 * from statements, a card's band stopping after about a cycle).
 */
export function backtest(items: readonly SandboxItemHistory[]) {
  type Group = 'depository' | 'credit' | 'loan';
  const errors = new Map<string, number[]>();
  const push = (key: string, value: number) => errors.set(key, [...(errors.get(key) ?? []), value]);
  // Whether each actual balance fell inside the forecast's p10–p90 band (1) or not (0).
  const inside = new Map<string, number[]>();
  const hit = (key: string, value: boolean) => inside.set(key, [...(inside.get(key) ?? []), value ? 1 : 0]);
  for (const item of items) {
    const asOf = addDays(item.today, -BACKTEST_DAYS);
    const known = item.transactions.filter((t) => t.date <= asOf && !t.pending);
    const streams = detectRecurring(known, { today: asOf });
    const plan = generatePlan({ profile_id: 'bench', streams, today: asOf, horizon_days: BACKTEST_DAYS });
    // The same plan with card and loan payments from the statements known on that day.
    const owedAt = (h: number, id: string) => Math.round((item.balancesAt.get(h)?.[id] ?? 0) * 100);
    const terms = statementTerms(
      item.accounts.map((a) => ({
        id: a.account_id,
        account_type: accountTypeOf(a),
        current_balance: owedAt(0, a.account_id),
        liability: item.liabilities.get(a.account_id),
      })),
    );
    const fromStatements = planFromStatements({
      profile_id: 'bench',
      today: asOf,
      horizon_days: BACKTEST_DAYS,
      plan,
      streams,
      transactions: known,
      ...terms,
    }).plan;
    const cardIds = new Set(terms.cards.map((c) => c.account_id));
    for (const account of item.accounts) {
      const type = accountTypeOf(account);
      if (type === 'loan') {
        const startBalance = owedAt(0, account.account_id);
        const forecast = (planned: typeof plan) =>
          forecastAccount({
            account: { account_id: account.account_id, account_type: type, current_balance: startBalance },
            planned,
            transactions: known.filter((t) => t.account_id === account.account_id && t.date === asOf),
            today: asOf,
            days: 365,
            include_allowance: false,
          }).rows;
        const withStatements = forecast(fromStatements);
        const detected = forecast(plan);
        for (const h of HORIZONS) {
          const actual = owedAt(h, account.account_id);
          push(`loan|${h}|statements`, Math.abs((withStatements[h]?.closing_balance ?? 0) - actual));
          push(`loan|${h}|with`, Math.abs((detected[h]?.closing_balance ?? 0) - actual));
          push(`loan|${h}|flat`, Math.abs(startBalance - actual));
        }
        continue;
      }
      if (type !== 'depository' && type !== 'credit') continue;
      const group: Group = type;
      const own = item.transactions.filter((t) => t.account_id === account.account_id && !t.pending);
      if (own.length < 30) continue;
      const current = Math.round((account.balances.current ?? 0) * 100);
      const balanceAt = (date: string) =>
        own.reduce((b, t) => (t.date > date ? b - balanceDelta(type, flowFromPlaid(t.amount)) : b), current);
      const startBalance = balanceAt(asOf);
      // As the product builds it: a card with statement terms has a band that stops widening after
      // about a cycle, and the band of the account paying it knows the issued statement's payment.
      const byStatement = cardIds.has(account.account_id);
      const allowance = estimateAllowance({
        transactions: own.filter((t) => t.date <= asOf),
        today: asOf,
        streams: streams
          .filter((s) => s.account_id === account.account_id)
          .map((s) => ({
            transaction_ids: s.transaction_ids,
            from_statement: paysCardFromStatements(
              {
                account_id: s.account_id,
                outflow: s.direction === 'outflow',
                detailed: s.category?.detailed,
              },
              cardIds,
            ),
          })),
        paid_by_statement: byStatement,
      });
      const input = {
        account: { account_id: account.account_id, account_type: type, current_balance: startBalance },
        planned: plan,
        transactions: own.filter((t) => t.date === asOf),
        allowance,
        today: asOf,
        days: 365,
      };
      const withAllowance = forecastAccount({ ...input, include_allowance: true }).rows;
      const without = forecastAccount({ ...input, include_allowance: false }).rows;
      // The product's forecast: every account planned with the card and loan payments from statements.
      const asBuilt = forecastAccount({ ...input, planned: fromStatements, include_allowance: true }).rows;
      const withStatements = type === 'credit' ? asBuilt : withAllowance;
      for (const h of HORIZONS) {
        const actual = balanceAt(addDays(asOf, h));
        push(`${group}|${h}|with`, Math.abs((withAllowance[h]?.closing_balance ?? 0) - actual));
        push(`${group}|${h}|without`, Math.abs((without[h]?.closing_balance ?? 0) - actual));
        push(`${group}|${h}|flat`, Math.abs(startBalance - actual));
        push(`${group}|${h}|statements`, Math.abs((withStatements[h]?.closing_balance ?? 0) - actual));
        const row = asBuilt[h];
        const kind = type === 'credit' ? 'credit' : account.subtype === 'savings' ? 'savings' : 'checking';
        hit(`${kind}|${h}`, row !== undefined && row.closing_low <= actual && actual <= row.closing_high);
      }
    }
  }
  const share = (values: readonly number[]) =>
    values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
  return {
    error: (group: Group, h: number, kind: 'with' | 'without' | 'flat' | 'statements') =>
      median(errors.get(`${group}|${h}|${kind}`) ?? []) / 100,
    coverage: (kind: BandGroup, h: number) => share(inside.get(`${kind}|${h}`) ?? []),
    samples: (kind: BandGroup, h: number) => inside.get(`${kind}|${h}`)?.length ?? 0,
  };
}
