// A member's access to a financial profile ended (the owner removed them, or they left on another
// device): the realtime push `MemberRemoved` reaches their open pages at once (docs/realtime.md). The
// page stops showing the profile there and then: it moves to a profile the person can still see (their
// own default), forgets the profile on this device (so the next start asks for nothing it would be
// refused: lib/early-data.ts reads the saved and the last shown profile), drops every cached answer about
// it, and says so.
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimePush } from '@events/realtime.ts';
import { profileToasts } from '@domain/profile-messages.ts';
import { chooseActiveProfile, readSavedActiveProfileId, saveActiveProfileId } from './active-profile.ts';
import type { FinancialProfile } from './financial-profiles-api.ts';
import { financialProfilesQueryKey } from './financial-profiles-query.ts';
import { storageKeys } from './storage-keys.ts';
import { toast } from './toast.ts';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The profiles whose access ended in a batch of pushes, each once. */
export function accessEndedProfiles(pushes: readonly RealtimePush[]): string[] {
  return [
    ...new Set(
      pushes.flatMap((push) => (push.event === 'MemberRemoved' && push.profileId ? [push.profileId] : [])),
    ),
  ];
}

/** Where a person who lost `lostId` goes: their own default profile, else what the usual rule picks. */
export function profileAfterAccessEnded(
  profiles: readonly FinancialProfile[],
  lostId: string,
): FinancialProfile | null {
  const left = profiles.filter((p) => p.id !== lostId);
  return left.find((p) => p.member_role === 'owner' && p.is_default) ?? chooseActiveProfile(left, null);
}

/** The words said: spec §8's "Switched to" after what happened. */
export function accessEndedMessage(lostName: string | null, next: FinancialProfile | null) {
  return {
    title: lostName ? `Your access to "${lostName}" has ended` : 'Your access to a shared profile has ended',
    description: next
      ? `The owner removed you from it, or you left it. ${profileToasts.switched(next.name)}.`
      : 'The owner removed you from it, or you left it.',
  };
}

export function endProfileAccess(input: {
  queryClient: QueryClient;
  userId: string;
  profileId: string;
  storage: Storage;
  /** Says so; a toast in the app. */
  notify?: (message: { title: string; description: string }) => void;
}): void {
  const { queryClient, userId, profileId, storage } = input;
  const listKey = financialProfilesQueryKey(userId);
  const profiles = queryClient.getQueryData<FinancialProfile[]>(listKey);
  const lost = profiles?.find((p) => p.id === profileId) ?? null;
  const next = profiles ? profileAfterAccessEnded(profiles, profileId) : null;

  // Nothing of the profile is fetched again: its queries stop, and the list loses it before the switch,
  // so no screen is ever rendered for it again.
  const aboutProfile = {
    predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey.includes(profileId),
  };
  void queryClient.cancelQueries(aboutProfile);
  if (profiles)
    queryClient.setQueryData(
      listKey,
      profiles.filter((p) => p.id !== profileId),
    );

  // The saved choice moves off the profile (none saved: the fallback shown may have been this one).
  const saved = readSavedActiveProfileId(storage, userId);
  if (saved === profileId || !saved) saveActiveProfileId(storage, userId, next?.id ?? null);
  if (storage.getItem(storageKeys.lastActiveProfile(userId)) === profileId) {
    if (next) storage.setItem(storageKeys.lastActiveProfile(userId), next.id);
    else storage.removeItem(storageKeys.lastActiveProfile(userId));
  }
  // Once the screens have moved to the next profile (they re-render on the save above), its answers
  // go: a cached page of the owner's data must not come back on a later visit.
  setTimeout(() => queryClient.removeQueries(aboutProfile), 0);

  // A page that already took the profile off its list (the person left from it) has said so.
  if (lost || !profiles) input.notify?.(accessEndedMessage(lost?.name ?? null, next));
}

/** Applies the access-ended pushes of a batch (realtime-connection.ts). */
export function applyAccessEnded(queryClient: QueryClient, userId: string, pushes: readonly RealtimePush[]) {
  for (const profileId of accessEndedProfiles(pushes)) {
    endProfileAccess({
      queryClient,
      userId,
      profileId,
      storage: window.localStorage,
      // Two sentences about something the person did not do themself: longer than the usual 4 s.
      notify: ({ title, description }) => toast.info(title, { description, duration: 10_000 }),
    });
  }
}
