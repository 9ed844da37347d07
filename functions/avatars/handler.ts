// The caller's avatar photo (spec §2 Personalize → Photo, §5 photo rules, §7 Storage): a grant to
// upload {userId}/avatar.{ext} straight to the avatars store (JPG, PNG or GIF, at most 5 MB — the
// store enforces both), the previous photo removed; and removal.
import { z } from 'zod';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { getOrCreateProfile } from '../profiles/profile-record.ts';

/** spec §9: avatar upload limit 5 MB; §5 formats JPG, PNG, GIF. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' } as const;

export const avatarUploadSchema = z.object({
  content_type: z
    .string()
    .refine((t) => t.startsWith('image/'), 'Please select an image file')
    .refine((t) => t in EXTENSIONS, 'Formats: JPG, PNG, GIF'),
  size: z
    .number()
    .int()
    .min(1, 'Please select an image file')
    .max(AVATAR_MAX_BYTES, 'Image must be less than 5MB'),
});

export const handler = httpHandler('avatars', {
  'PUT /avatars/me': route({
    body: avatarUploadSchema,
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      const profile = await getOrCreateProfile(data, caller, deps.clock().toISOString());
      const key = `${caller.userId}/avatar.${EXTENSIONS[body.content_type as keyof typeof EXTENSIONS]}`;
      // spec §7: remove the old file (another extension would otherwise linger), then upload with upsert.
      if (profile.avatar_key && profile.avatar_key !== key) await deps.avatars.remove(profile.avatar_key);
      const upload = await deps.avatars.grantUpload(key, body.content_type, AVATAR_MAX_BYTES);
      await data.profiles.patch({ id: caller.userId }).set({ avatar_key: key }).go();
      return { key, upload };
    },
  }),
  'DELETE /avatars/me': route({
    run: async ({ deps, caller }) => {
      const data = dataFor(deps);
      const profile = await getOrCreateProfile(data, caller, deps.clock().toISOString());
      if (profile.avatar_key) await deps.avatars.remove(profile.avatar_key);
      await data.profiles
        .patch({ id: caller.userId })
        .set({
          avatar_type: profile.avatar_type === 'photo' ? 'initials' : (profile.avatar_type ?? 'initials'),
        })
        .remove(['avatar_key'])
        .go();
    },
  }),
});
