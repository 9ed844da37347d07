// spec §7 archive-financial-profile {profileId}: owner only; answers which profile becomes active.
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { archiveProfile } from '../lib/financial-profiles.ts';
import { httpHandler, route } from '../lib/http.ts';

export const handler = httpHandler('archive-financial-profile', {
  'POST /functions/archive-financial-profile': route({
    body: functionBodies['archive-financial-profile'],
    run: ({ deps, caller, body }) => archiveProfile(dataFor(deps), caller, body.profileId, deps.clock()),
  }),
});
