// spec §7 link-account-to-profile {accountId}: puts an account into the active financial profile (or
// the named one); the caller must own both profiles.
import { functionBodies } from '../catalog.ts';
import { profileIdFromRequest } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { linkAccountToProfile } from '../lib/plaid/items.ts';

export const handler = httpHandler('link-account-to-profile', {
  'POST /functions/link-account-to-profile': route({
    body: functionBodies['link-account-to-profile'],
    run: ({ deps, caller, body, event }) =>
      linkAccountToProfile(
        dataFor(deps),
        caller,
        body.accountId,
        body.profileId ?? profileIdFromRequest(event),
      ),
  }),
});
