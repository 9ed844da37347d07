// The active financial profile's rules (spec §4 Profile loading, §6 roles), kept pure so they are unit
// tested without a browser: which profile is active, who counts as an invited user, and how the choice
// is saved (`activeProfileId:{userId}` plus an `activeProfileChanged` event, spec §3/§4).
import type { QueryClient } from '@tanstack/react-query';
import { isInvitedRole } from '@domain/access.ts';
import { cacheAreas } from './react-query.ts';
import { storageKeys } from './storage-keys.ts';

export type MemberRole = 'owner' | 'editor' | 'viewer';

/** The fields of a GET /financial-profiles item that these rules read. */
export interface ProfileChoice {
  id: string;
  owner_user_id: string;
  is_default: boolean;
  member_role: MemberRole;
}

/**
 * spec §4: "Active profile: the saved one, else the owner's default, else the first (after verification,
 * member profiles are preferred over owned ones)."
 *
 * Our reading (docs/web.md): the saved id is first *verified* against the list the server returned.
 * When it passes, it wins. When there is no saved id, or it fails verification (archived, left,
 * removed), the fallback prefers a profile the user is a member of (the first one joined) over the
 * ones they own; with no membership it is the owner's default, else the first profile.
 */
export function chooseActiveProfile<T extends ProfileChoice>(
  profiles: readonly T[],
  savedId: string | null,
): T | null {
  const saved = savedId ? profiles.find((p) => p.id === savedId) : undefined;
  if (saved) return saved;
  return (
    profiles.find((p) => p.member_role !== 'owner') ??
    profiles.find((p) => p.member_role === 'owner' && p.is_default) ??
    profiles[0] ??
    null
  );
}

/** spec §6: an invited user is one whose active profile is not theirs and whose role is viewer or editor. */
export function isInvitedUser(active: ProfileChoice | null, userId: string): boolean {
  if (!active) return false;
  return active.owner_user_id !== userId && isInvitedRole(active.member_role);
}

/** spec §6 / §2: navigation is restricted for an invited user who owns no profile. */
export function isNavigationRestricted(
  profiles: readonly ProfileChoice[],
  active: ProfileChoice | null,
  userId: string,
): boolean {
  const ownsAProfile = profiles.some((p) => p.member_role === 'owner' && p.owner_user_id === userId);
  return isInvitedUser(active, userId) && !ownsAProfile;
}

/** spec §4: the event a tab dispatches on `window` when it saves the active profile. */
export const ACTIVE_PROFILE_CHANGED_EVENT = 'activeProfileChanged';

export interface ActiveProfileChangedDetail {
  userId: string;
  profileId: string | null;
}

type WritableStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readSavedActiveProfileId(storage: Pick<Storage, 'getItem'>, userId: string): string | null {
  return storage.getItem(storageKeys.activeProfileId(userId)) || null;
}

/**
 * Saves (or, with null, clears) the user's active profile and announces it to this tab. Other tabs
 * hear it as a `storage` event on the same key.
 */
export function saveActiveProfileId(
  storage: WritableStorage,
  userId: string,
  profileId: string | null,
  target: Pick<EventTarget, 'dispatchEvent'> | null = typeof window === 'undefined' ? null : window,
): void {
  const key = storageKeys.activeProfileId(userId);
  if (profileId) storage.setItem(key, profileId);
  else storage.removeItem(key);
  target?.dispatchEvent(
    new CustomEvent<ActiveProfileChangedDetail>(ACTIVE_PROFILE_CHANGED_EVENT, {
      detail: { userId, profileId },
    }),
  );
}

/**
 * What a tab does when the saved active profile changed elsewhere (spec §4): switch to it when the
 * profile is known, refetch the list when it is not (a profile just joined or created in another tab).
 */
export function reactToSavedProfile(
  profiles: readonly ProfileChoice[] | undefined,
  savedId: string | null,
): 'switch' | 'refetch' | 'nothing' {
  if (!savedId || !profiles) return 'nothing';
  return profiles.some((p) => p.id === savedId) ? 'switch' : 'refetch';
}

/** spec §4: switching profile invalidates these cache areas... */
export const cacheAreasInvalidatedOnSwitch = [
  cacheAreas.accounts,
  cacheAreas.runningBalances,
  cacheAreas.moneyPlan,
  cacheAreas.moneyPlanTransactions,
  cacheAreas.transactionsCalendar,
] as const;

/** ...and removes these (their data belongs to the previous profile and must not show at all). */
export const cacheAreasRemovedOnSwitch = [cacheAreas.transactions, cacheAreas.pageData] as const;

/** Applies spec §4's cache rules for a profile switch to the query cache. */
export async function resetCacheForProfileSwitch(queryClient: QueryClient): Promise<void> {
  for (const area of cacheAreasRemovedOnSwitch) queryClient.removeQueries({ queryKey: [area] });
  await Promise.all(
    cacheAreasInvalidatedOnSwitch.map((area) => queryClient.invalidateQueries({ queryKey: [area] })),
  );
}
