// The caller's own profiles record (spec §3 profiles; §7 data-store calls "select/update ... by id"), and
// signing out of every device (spec §7 sign out, scope global; functions/lib/sessions.ts), and deleting
// the account with its data (functions/lib/account-deletion.ts).
import { z } from 'zod';
import { httpHandler, route } from '../lib/http.ts';
import { dataFor } from '../lib/data/index.ts';
import { getOrCreateProfile, LAST_ACTIVE_RESOLUTION_MS, profileView } from './profile-record.ts';
import { AVATAR_PERSONALITIES, AVATAR_TYPES } from '../lib/data/entities/profile.ts';
import { oneLine } from '../lib/text-input.ts';
import { recordActivity } from '../lib/email/events.ts';
import { revokeSessions } from '../lib/sessions.ts';
import { deleteAccount } from '../lib/account-deletion.ts';
import { tallyVisit } from '../lib/admin/tally.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3B82F6');

export const profileUpdateSchema = z
  .object({
    full_name: oneLine(z.string().trim().min(1, 'Please enter your full name').max(120)),
    avatar_type: z.enum(AVATAR_TYPES),
    avatar_personality: z.enum(AVATAR_PERSONALITIES).nullable(),
    avatar_color: hexColor.nullable(),
    // spec §5: custom initials are upper-cased, max 4 characters, empty saves null.
    custom_initials: z
      .string()
      .trim()
      .max(4, 'must be at most 4 characters')
      .transform((v) => (v === '' ? null : v.toUpperCase()))
      .nullable(),
    privacy_mode: z.boolean(),
    onboarding_completed: z.boolean(),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'must change at least one field' });

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const handler = httpHandler('profiles', {
  'GET /profiles/me': route({
    run: async ({ caller, deps }) => {
      const data = dataFor(deps);
      const now = deps.clock();
      const profile = await getOrCreateProfile(data, caller, now.toISOString());
      const lastActive = profile.last_active_at ? Date.parse(profile.last_active_at) : 0;
      if (now.getTime() - lastActive < LAST_ACTIVE_RESOLUTION_MS) return profileView(profile, caller, deps);
      const [{ data: touched }] = await Promise.all([
        data.profiles
          .patch({ id: caller.userId })
          .set({ last_active_at: now.toISOString() })
          .go({ response: 'all_new' }),
        // The inactivity e-mails (spec §7 inactive_7_days / inactive_30_days) read the last active day.
        recordActivity(data, caller.userId, now),
      ]);
      // The admin figures' daily, weekly and monthly actives (functions/lib/admin/tally.ts).
      await tallyVisit(data, caller.userId, profile.last_active_at, now, deps.logger);
      return profileView(touched, caller, deps);
    },
  }),
  'PATCH /profiles/me': route({
    body: profileUpdateSchema,
    run: async ({ caller, deps, body }) => {
      const data = dataFor(deps);
      await getOrCreateProfile(data, caller, deps.clock().toISOString());
      const set: Record<string, unknown> = {};
      const remove: string[] = [];
      for (const [key, value] of Object.entries(body)) {
        if (value === null) remove.push(key);
        else set[key] = value;
      }
      let update = data.profiles.patch({ id: caller.userId }).set(set as never);
      if (remove.length > 0) update = update.remove(remove as never);
      const result = await update.go({ response: 'all_new' });
      return profileView(result.data, caller, deps);
    },
  }),
  'POST /profiles/me/sign-out-everywhere': route({
    body: z.object({}).strict(),
    run: async ({ caller, deps }) => {
      const data = dataFor(deps);
      await getOrCreateProfile(data, caller, deps.clock().toISOString());
      return revokeSessions(deps, data, { id: caller.userId, email: caller.email }, 'user');
    },
  }),
  'POST /profiles/me/delete-account': route({
    body: z
      .object({
        password: z.string().min(1, 'Please enter your password').max(256),
        code: z.string().trim().min(6, 'Enter the 6-digit code or a recovery code').max(32).optional(),
      })
      .strict(),
    run: ({ caller, deps, event, body }) => deleteAccount(deps, dataFor(deps), caller, event, body),
  }),
});
