// spec §7 plaid-hosted-link: Plaid's hosted Link page for mobile (full-page redirect), which returns to
// /link when done; update mode names the linked bank, never its token.
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { createLinkToken } from '../lib/plaid/items.ts';

export const handler = httpHandler('plaid-hosted-link', {
  'POST /functions/plaid-hosted-link': route({
    body: functionBodies['plaid-hosted-link'],
    run: ({ deps, caller, body }) =>
      createLinkToken(deps, dataFor(deps), caller, {
        updateMode: body.updateMode,
        itemId: body.itemId,
        hosted: true,
      }),
  }),
});
