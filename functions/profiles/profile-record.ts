// The caller's profiles record: created on first read from the verified token's e-mail and name
// (spec §5 signup), and the view the API returns (is_admin from the token's group, avatar_url derived).
import type { EntityItem } from 'electrodb';
import { tally } from '../lib/admin/tally.ts';
import type { Data } from '../lib/data/index.ts';
import type { Deps } from '../lib/deps.ts';
import type { Caller } from '../lib/caller.ts';

/** last_active_at is refreshed at most this often, so reads do not each cost a write. */
export const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;

export async function getOrCreateProfile(data: Data, caller: Caller, nowIso: string) {
  const existing = await data.profiles.get({ id: caller.userId }).go();
  if (existing.data) return existing.data;
  await data.profiles
    .create({
      id: caller.userId,
      email: caller.email,
      full_name: caller.fullName ?? undefined,
      last_active_at: nowIso,
    })
    .go()
    // A sign-up for the admin figures (functions/lib/admin/tally.ts).
    .then(() => tally(data, { kind: 'profile', userId: caller.userId }, new Date(nowIso)))
    .catch((error: unknown) => {
      // A concurrent first read created it: fine, read it below.
      if (!(error instanceof Error && /conditional/i.test(error.message))) throw error;
    });
  const created = await data.profiles.get({ id: caller.userId }).go();
  if (!created.data) throw new Error('profile vanished after create');
  return created.data;
}

/** is_admin (spec §6) needs both the caller's `admin` group and the stored profiles.is_admin, which
 * only an operator or another admin sets (PATCH /profiles/me refuses the field); the
 * photo's URL is a short-lived read URL of the avatars store, made fresh on each read. */
export async function profileView(
  profile: EntityItem<Data['profiles']>,
  caller: Caller,
  deps: Pick<Deps, 'avatars'>,
) {
  const { avatar_key, ...rest } = profile;
  return {
    ...rest,
    is_admin: caller.isAdmin && profile.is_admin === true,
    avatar_url: avatar_key ? await deps.avatars.readUrl(avatar_key) : null,
  };
}
