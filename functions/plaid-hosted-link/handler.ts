// spec §7 plaid-hosted-link: Plaid's hosted Link page for mobile (full-page redirect), which returns to
// /link when done; update mode names the linked bank, never its token. Called again on return with the
// link token, it finishes the session on the server (exchange, or a sync in update mode).
import { functionBodies } from '../catalog.ts';
import { profileIdFromRequest } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { completeHostedLink, createLinkToken } from '../lib/plaid/items.ts';
import { syncItem } from '../lib/plaid/sync.ts';

export const handler = httpHandler('plaid-hosted-link', {
  'POST /functions/plaid-hosted-link': route({
    body: functionBodies['plaid-hosted-link'],
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      if (body.linkToken) {
        return completeHostedLink(deps, data, body.linkToken, caller.userId, (itemId) =>
          syncItem(deps, data, itemId, { forced: true }),
        );
      }
      const profileId = body.updateMode ? undefined : profileIdFromRequest(event);
      return createLinkToken(deps, data, caller, {
        updateMode: body.updateMode,
        itemId: body.itemId,
        consent: body.consent,
        hosted: { profileId },
      });
    },
  }),
});
