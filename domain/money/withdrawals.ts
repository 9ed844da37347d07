// Large withdrawals from an account that holds money (savings): its past unplanned outflows and the
// yearly rate at which large ones come, the pooled prior weighed with the account's own count
// (docs/money-engine.md "Large withdrawals, pooled over savings accounts").
import { roundCents, type Cents } from './cents.ts';
import { parseDay, type DayNumber } from './dates.ts';
import { ALLOWANCE_RULES, type Allowance, type PastWithdrawals } from './allowance-rules.ts';
import type { HistoryTransaction } from './types.ts';

/** How many of the account's own past outflows took at least `minShare` of the balance then. */
export function largeWithdrawalCount(withdrawals: PastWithdrawals, balance: Cents): number {
  const { minShare } = ALLOWANCE_RULES.withdrawalPrior;
  let own = 0;
  for (const w of withdrawals.past) {
    const before = balance - w.after + w.amount;
    if (before > 0 && w.amount >= minShare * before) own += 1;
  }
  return own;
}

/**
 * The yearly rate of large withdrawals for an account with `balance` (cents, held) today: the pooled
 * prior's rate weighed as `priorYears` years of evidence, plus the account's own count of outflows of
 * at least `minShare` of the balance then over its own years (a Gamma–Poisson posterior mean).
 */
export function withdrawalRate(withdrawals: PastWithdrawals, balance: Cents): number {
  const { perYear, priorYears } = ALLOWANCE_RULES.withdrawalPrior;
  const own = largeWithdrawalCount(withdrawals, balance);
  return (perYear * priorYears + own) / (priorYears + withdrawals.years);
}

/**
 * The allowance as the line reads it for an account holding `balance`: a stream's drift (interest
 * growing with the balance) only where the account's own past supports it. Once the account has seen a
 * large withdrawal, which restarts the growth from a lower balance and may come again, the line keeps
 * a drift's level only where it is below the plan's (the interest after a withdrawal) and extrapolates
 * no growth (docs/money-engine.md "Uncertainty band").
 */
export function withSupportedDrift(allowance: Allowance, balance: Cents): Allowance {
  if (!allowance.withdrawals || !allowance.drift?.length) return allowance;
  if (largeWithdrawalCount(allowance.withdrawals, balance) === 0) return allowance;
  const drift = allowance.drift.map((d) => ({ ...d, amount: Math.min(0, d.amount), step: 0 }));
  return { ...allowance, drift };
}

/**
 * The outflows in no stream and no user's item over days `from`…`to`, each with the net cash flow
 * (Plaid sign turned around: money in is positive) after its day up to today.
 */
export function pastWithdrawals(
  posted: readonly HistoryTransaction[],
  excluded: ReadonlySet<string>,
  from: DayNumber,
  to: DayNumber,
  today: DayNumber,
): PastWithdrawals {
  const flowAfter = new Float64Array(today - from + 2);
  for (const tx of posted) {
    const i = parseDay(tx.date) - from;
    if (i >= 0 && i <= today - from) flowAfter[i] = (flowAfter[i] ?? 0) - tx.amount;
  }
  for (let i = flowAfter.length - 2; i >= 0; i -= 1)
    flowAfter[i] = (flowAfter[i] ?? 0) + (flowAfter[i + 1] ?? 0);
  const past: { amount: Cents; after: Cents }[] = [];
  for (const tx of posted) {
    const i = parseDay(tx.date) - from;
    if (tx.amount <= 0 || i < 0 || i > to - from || excluded.has(tx.id)) continue;
    past.push({ amount: tx.amount, after: roundCents(flowAfter[i + 1] ?? 0) || 0 });
  }
  past.sort((a, b) => a.after - b.after || a.amount - b.amount);
  return { years: Math.round(((to - from + 1) / 365) * 1000) / 1000, past };
}
