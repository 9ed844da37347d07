// spec §7 plaid-link-token: a Link token for a new connection, or update mode for a linked bank named
// by itemId (the server looks up and decrypts that item's token; the browser never holds one).
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { createLinkToken } from '../lib/plaid/items.ts';

export const handler = httpHandler('plaid-link-token', {
  'POST /functions/plaid-link-token': route({
    body: functionBodies['plaid-link-token'],
    run: ({ deps, caller, body }) =>
      createLinkToken(deps, dataFor(deps), caller, {
        updateMode: body.updateMode,
        itemId: body.itemId,
        consent: body.consent,
      }),
  }),
});
