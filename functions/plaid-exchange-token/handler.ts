// spec §7 plaid-exchange-token {publicToken}: stores the item and its accounts in the caller's active
// financial profile (X-Profile-Id; owner only) and answers accounts_count.
import { functionBodies } from '../catalog.ts';
import { profileIdFromRequest } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { exchangePublicToken } from '../lib/plaid/items.ts';

export const handler = httpHandler('plaid-exchange-token', {
  'POST /functions/plaid-exchange-token': route({
    body: functionBodies['plaid-exchange-token'],
    run: ({ deps, caller, body, event }) =>
      exchangePublicToken(deps, dataFor(deps), caller, profileIdFromRequest(event), body.publicToken),
  }),
});
