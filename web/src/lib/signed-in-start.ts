// A signed-in start, prepared before the app's first render (docs/web.md "One render from a
// warm cache"). On a start with a stored session, the frame's gates used to come in one after another:
// the auth check, then the second factor's status, then the profiles list and the active profile, then
// the screen's own queries, each a render and a commit of its own, though index.html's early requests
// (lib/early-data.ts) had brought every answer in long before. Here they are read at once, into the
// query cache, with the very query options the gates and the screen use: Amplify's user, then the
// second factor's status, the person's record and the profiles list together, then the screen's first
// queries for the profile the active-profile logic will choose. The app then renders once, from the
// cache. Loaded with the signed-in logic (lib/signed-in-logic.ts), which such a start loads anyway.
import type { QueryClient } from '@tanstack/react-query';
import { chooseActiveProfile, readSavedActiveProfileId } from './active-profile.ts';
import { readCurrentUser, type AuthUser } from './auth.tsx';
import { financialProfilesQueryOptions } from './financial-profiles-query.ts';
import { fetchForStart } from './react-query.ts';
import { onSessionEnded } from './session-ended.ts';
import { twoFactorStatusQuery } from './two-factor-status.ts';
import { getProfileQueryOptions } from './user-profile-api.ts';

/** What a screen's first queries need to know: who, which profile, and the address's query string. */
export interface ScreenStartContext {
  userId: string;
  profileId: string;
  search: string;
}

/** A screen's first queries (a route module's `startQueries`), put into the cache with `fetchForStart`
 * (lib/react-query.ts: once, without retries); a rejection is ignored. */
export type ScreenStartQueries = (queryClient: QueryClient, context: ScreenStartContext) => Promise<void>;

export interface SignedInStartOptions {
  /** The address's query string (a calendar link's month, for one). */
  search: string;
  /** The screen's first queries, once its code is in (undefined: the screen has none to start). */
  screen: Promise<ScreenStartQueries | undefined>;
  /** Aborted when the app stops waiting and renders: what is still to come only fills the cache. */
  signal?: AbortSignal;
  storage?: Pick<Storage, 'getItem'>;
  readUser?: () => Promise<AuthUser | null>;
}

/**
 * Fills `queryClient` with what the first render of a signed-in screen reads, and resolves with the
 * user Amplify confirmed, for the auth state to start from; null when nobody is signed in, or when the
 * API ended the session meanwhile (a 401): then the cache is emptied and the start goes the usual way,
 * where the auth state hears the next 401 and signs the browser out. A query that fails is left for its
 * screen, which asks again when it mounts; prefetches never retry, so a failing API does not hold the
 * start.
 */
export async function prepareSignedInStart(
  queryClient: QueryClient,
  { search, screen, signal, storage = window.localStorage, readUser = readCurrentUser }: SignedInStartOptions,
): Promise<AuthUser | null> {
  const user = await readUser();
  if (!user) return null;
  let ended = false;
  const stopListening = onSessionEnded(() => {
    ended = true;
  });
  try {
    const { userId } = user;
    const frame = Promise.all([
      fetchForStart(queryClient, twoFactorStatusQuery(userId)),
      fetchForStart(queryClient, getProfileQueryOptions()),
    ]);
    const profiles = await fetchForStart(queryClient, financialProfilesQueryOptions(userId));
    const active = profiles ? chooseActiveProfile(profiles, readSavedActiveProfileId(storage, userId)) : null;
    const startQueries = await screen.catch(() => undefined);
    await Promise.all([
      frame,
      active && startQueries
        ? startQueries(queryClient, { userId, profileId: active.id, search }).catch(() => undefined)
        : undefined,
    ]);
  } finally {
    stopListening();
  }
  if (ended) {
    // Once the app is on screen, its auth state hears the 401 itself, and signs out.
    if (!signal?.aborted) queryClient.clear();
    return null;
  }
  return user;
}
