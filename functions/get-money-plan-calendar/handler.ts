// spec §7 get-money-plan-calendar {month 'YYYY-MM'} (issue 5 item 5): the Money Calendar's month for the
// active financial profile (X-Profile-Id): per day the actual transactions and planned items, balances
// per account and in total, and the low, negative and lowest-point flags. Any role on the profile reads.
import { functionBodies } from '../catalog.ts';
import { profileIdFromRequest, requireProfileAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { DEFAULT_LOW_BALANCE_CENTS, moneyPlanCalendar } from '../lib/money/calendar.ts';

export const handler = httpHandler('get-money-plan-calendar', {
  'POST /functions/get-money-plan-calendar': route({
    body: functionBodies['get-money-plan-calendar'],
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      return moneyPlanCalendar({ deps, data }, profileId, {
        month: body.month,
        lowBalanceThreshold: body.lowBalanceThreshold ?? DEFAULT_LOW_BALANCE_CENTS,
        accountId: body.accountId ?? null,
        includeAllowance: body.includeAllowance ?? true,
      });
    },
  }),
});
