// spec §7 ensure-default-profile: idempotent; concurrent calls create exactly one default profile.
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { ensureDefaultProfile } from '../lib/financial-profiles.ts';
import { recordActivity } from '../lib/email/events.ts';
import { httpHandler, route } from '../lib/http.ts';
import { getOrCreateProfile } from '../profiles/profile-record.ts';

export const handler = httpHandler('ensure-default-profile', {
  'POST /functions/ensure-default-profile': route({
    body: functionBodies['ensure-default-profile'],
    run: async ({ deps, caller }) => ({
      // spec §7 user_signup: the first profile is the first moment the product knows the person.
      profile: await ensureDefaultProfile(dataFor(deps), caller, async () => {
        // The digest's list of people and the inactivity scan start from the first visit.
        await recordActivity(dataFor(deps), caller.userId, deps.clock());
        // The welcome e-mail is addressed from the person's record: make sure it exists before the event
        // goes out, whichever of the app's first calls (this or GET /profiles/me) arrives first.
        await getOrCreateProfile(dataFor(deps), caller, deps.clock().toISOString());
        await deps.events.publish('UserRegistered', { userId: caller.userId });
      }),
    }),
  }),
});
