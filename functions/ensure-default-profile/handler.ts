// spec §7 ensure-default-profile: idempotent; concurrent calls create exactly one default profile.
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { ensureDefaultProfile } from '../lib/financial-profiles.ts';
import { httpHandler, route } from '../lib/http.ts';

export const handler = httpHandler('ensure-default-profile', {
  'POST /functions/ensure-default-profile': route({
    body: functionBodies['ensure-default-profile'],
    run: async ({ deps, caller }) => ({ profile: await ensureDefaultProfile(dataFor(deps), caller) }),
  }),
});
