// spec §7 get-money-plan-calendar {month 'YYYY-MM'}: the Money Calendar's month for the
// active financial profile (X-Profile-Id): per day the actual transactions and planned items, balances
// per account and in total, and the low, negative and lowest-point flags. Any role on the profile reads.
// The view (cash, net worth or an account), the threshold and the allowance switch default to the caller's saved settings (money-plan /settings).
import { functionBodies } from '../catalog.ts';
import { profileIdFromRequest, withProfileAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { calendarReads, moneyPlanCalendar } from '../lib/money/calendar.ts';
import { addDays } from '../../domain/money/dates.ts';
import { todayOf } from '../lib/money/store.ts';
import { DEFAULT_LOW_BALANCE_CENTS, viewSettingsOf } from '../lib/money/view-settings.ts';
import { requireEntitlement } from '../lib/subscriptions/entitlement.ts';
import { FREE_FORECAST_DAYS } from '../../domain/subscription.ts';

export const handler = httpHandler('get-money-plan-calendar', {
  'POST /functions/get-money-plan-calendar': route({
    body: functionBodies['get-money-plan-calendar'],
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const ctx = { deps, data };
      const profileId = profileIdFromRequest(event);
      // The access check, the caller's saved view of this profile (for what the request
      // leaves out) and the month's first round of reads go together; nothing read is used, and nothing
      // is written or regenerated, before access is granted.
      const named = Boolean(body.accountId || body.view);
      const view = { view: body.view ?? null, accountId: body.accountId ?? null };
      // A month that starts beyond the free 90-day forecast is paid; checked once access
      // is granted, beside the reads still in flight.
      const paid = `${body.month}-01` > addDays(todayOf(deps.clock), FREE_FORECAST_DAYS);
      const [, [settings, reads]] = await withProfileAccess(
        data,
        caller,
        profileId,
        'read',
        () =>
          Promise.all([
            body.lowBalanceThreshold === undefined || body.includeAllowance === undefined || !named
              ? viewSettingsOf(data, profileId, caller.userId)
              : undefined,
            calendarReads(ctx, profileId, { month: body.month, view }),
          ]),
        (access) =>
          paid
            ? requireEntitlement(deps, data, {
                ownerId: access.profile.owner_user_id,
                callerId: caller.userId,
              })
            : Promise.resolve(),
      );
      return moneyPlanCalendar(
        ctx,
        profileId,
        {
          month: body.month,
          lowBalanceThreshold:
            body.lowBalanceThreshold ?? settings?.low_balance_threshold ?? DEFAULT_LOW_BALANCE_CENTS,
          view,
          rememberedView: settings?.view ?? null,
          includeAllowance: body.includeAllowance ?? settings?.include_allowance ?? true,
        },
        reads,
      );
    },
  }),
});
