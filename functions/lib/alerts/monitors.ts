// The alerts the product raises by itself: the forecast's lowest cash balance in the
// next 30 days under a member's threshold (re-checked on every regenerated forecast, one alert per low
// point), a large unusual spending (checked after each sync) and a bank that needs the person to sign
// in again (ItemLoginRequired). Trials ending come as AlertRequested from the Stripe webhook.
import { isUnusualSpending, LOW_BALANCE_WINDOW_DAYS, lowBalancePoint } from '../../../domain/alerts.ts';
import { formatCents } from '../../../domain/money/cents.ts';
import { addDays } from '../../../domain/money/dates.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { cashKey, freshForecast, storedDays, withAllowance } from '../money/forecast-store.ts';
import { todayOf } from '../money/store.ts';
import { viewSettingsOf } from '../money/view-settings.ts';
import { raiseAlert, type RaiseResult } from './alerts.ts';

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Everyone with a role on the profile: the owner and the members. */
async function peopleOf(data: Data, profileId: string): Promise<string[]> {
  const [{ data: profile }, { data: members }] = await Promise.all([
    data.financialProfiles.get({ id: profileId }).go(),
    data.profileMembers.query.byProfile({ profile_id: profileId }).go({ pages: 'all' }),
  ]);
  if (!profile || profile.is_archived) return [];
  return [...new Set([profile.owner_user_id, ...members.map((m) => m.user_id)])];
}

/**
 * Checks the profile's cash forecast, today through today + 30 days, against each member's own
 * low-balance threshold (the calendar's, GET /money-plan/settings) and allowance switch. A low point
 * under the threshold raises one alert per member and low-point date: critical when the balance goes
 * negative, high otherwise.
 */
export async function checkLowBalance(deps: Deps, data: Data, profileId: string) {
  const people = await peopleOf(data, profileId);
  if (people.length === 0) return [];
  const { header } = await freshForecast({ deps, data }, profileId);
  const today = header.forecast_today;
  const last = addDays(today, LOW_BALANCE_WINDOW_DAYS);
  const days = await storedDays(data, header, cashKey(profileId), today, last);
  const results: Array<{ userId: string; result: RaiseResult | null }> = [];
  for (const userId of people) {
    const settings = await viewSettingsOf(data, profileId, userId);
    const rows = days.map((d) => withAllowance(d, settings.include_allowance));
    const point = lowBalancePoint(rows, today, last, settings.low_balance_threshold);
    if (!point) {
      results.push({ userId, result: null });
      continue;
    }
    const negative = point.closing_balance < 0;
    const result = await raiseAlert(deps, data, {
      userId,
      kind: 'low_balance',
      priority: negative ? 1 : 2,
      title: negative
        ? `Your cash is projected to go negative on ${longDate(point.balance_date)}`
        : `Your cash is projected to drop below ${formatCents(settings.low_balance_threshold)}`,
      body: `Your forecast's lowest cash balance in the next ${LOW_BALANCE_WINDOW_DAYS} days is ${formatCents(point.closing_balance)} on ${longDate(point.balance_date)}.`,
      link: '/calendar',
      data: {
        profile_id: profileId,
        balance_date: point.balance_date,
        closing_balance: point.closing_balance,
        threshold: settings.low_balance_threshold,
      },
      once: `low_balance:${profileId}:${point.balance_date}`,
    });
    results.push({ userId, result });
  }
  return results;
}

/** Spending posted in the last few days is checked; older history is the baseline. */
const RECENT_DAYS = 3;
const BASELINE_DAYS = 90;

/** After a sync: each new spending on these accounts that is large and unusual raises one alert. */
export async function checkUnusualTransactions(
  deps: Deps,
  data: Data,
  profileId: string,
  accountIds: readonly string[],
) {
  const people = await peopleOf(data, profileId);
  if (people.length === 0) return 0;
  const today = todayOf(deps.clock);
  const recentFrom = addDays(today, -RECENT_DAYS);
  let raised = 0;
  for (const accountId of accountIds) {
    const { data: account } = await data.connectedAccounts.get({ id: accountId }).go();
    // Cash and card spending; a loan's or an investment's movements are not spending.
    if (!account || !['depository', 'credit'].includes(account.account_type ?? '')) continue;
    const { data: transactions } = await data.transactions.query
      .byAccountDate({ account_id: accountId })
      .gte({ date: addDays(today, -BASELINE_DAYS) })
      .go({ pages: 'all' });
    const posted = transactions.filter((t) => !t.pending && t.amount > 0);
    const baseline = posted.filter((t) => t.date < recentFrom).map((t) => t.amount);
    for (const t of posted) {
      if (t.date < recentFrom || !isUnusualSpending(t.amount, baseline)) continue;
      const name = t.merchant_name ?? t.name;
      for (const userId of people) {
        const result = await raiseAlert(deps, data, {
          userId,
          kind: 'unusual_transaction',
          priority: 2,
          title: `Large transaction: ${formatCents(t.amount)} at ${name}`.slice(0, 200),
          body: `${formatCents(t.amount)} left ${account.account_name ?? 'your account'} on ${longDate(t.date)}, more than usual for this account.`,
          link: `/accounts/${accountId}`,
          data: { transaction_id: t.id, account_id: accountId, amount: t.amount },
          once: `unusual_transaction:${t.id}`,
        });
        if (result.status !== 'duplicate') raised += 1;
      }
    }
  }
  return raised;
}

/** A bank that needs the person to sign in again: one high-priority alert per bank and day. */
export async function raiseReloginAlert(deps: Deps, data: Data, itemId: string): Promise<RaiseResult> {
  const { data: item } = await data.plaidItems.get({ id: itemId }).go();
  if (!item || item.status !== 'login_required') return { status: 'duplicate' };
  const bank = item.institution_name ?? 'Your bank';
  return raiseAlert(deps, data, {
    userId: item.user_id,
    kind: 'bank_relogin',
    priority: 2,
    title: `${bank} needs you to sign in again`.slice(0, 200),
    body: `${bank} stopped sharing new transactions until you sign in again. Reconnect it to keep your calendar and forecast current.`,
    link: '/accounts',
    data: { item_id: item.id },
    once: `bank_relogin:${item.id}:${todayOf(deps.clock)}`,
  });
}
