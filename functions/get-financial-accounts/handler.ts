// spec §7 get-financial-accounts: the active financial profile's accounts (X-Profile-Id), with balances
// in cents, sync state and whether their bank needs reconnecting; never a token.
import { profileIdFromRequest } from '../lib/access.ts';
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { listProfileAccounts } from '../lib/plaid/items.ts';

export const handler = httpHandler('get-financial-accounts', {
  'POST /functions/get-financial-accounts': route({
    body: functionBodies['get-financial-accounts'],
    run: async ({ deps, caller, event }) => ({
      accounts: await listProfileAccounts(dataFor(deps), caller, profileIdFromRequest(event)),
    }),
  }),
});
