// A pending invitation: the token (and invited e-mail) a visitor arrived with, kept in local storage
// (`pendingInviteToken`, `pendingInviteEmail`, spec §3) until a signed-in user accepts it (spec §2:
// "A query parameter token or invite on any page carries an invitation token"; §4 SIGNED_IN).
// Pure apart from the storage it is given, so every rule here is unit tested. Accepting one is in
// invitation-acceptance.ts, loaded only when a signed-in user accepts.
import { ApiError } from './api-client.ts';
import { storageKeys } from './storage-keys.ts';

export interface PendingInvite {
  token: string;
  email: string | null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** spec §2: `invite` or `token` in the query carries the invitation; `email` the invited address. */
export function inviteFromSearch(search: URLSearchParams): PendingInvite | null {
  const token = search.get('invite') || search.get('token');
  return token ? { token, email: search.get('email') || null } : null;
}

export function readStoredInvite(storage: Pick<Storage, 'getItem'>): PendingInvite | null {
  const token = storage.getItem(storageKeys.pendingInviteToken);
  return token ? { token, email: storage.getItem(storageKeys.pendingInviteEmail) || null } : null;
}

/** Remembers an invitation; an e-mail stored for another token is dropped rather than mismatched. */
export function rememberPendingInvite(storage: KeyValueStorage, invite: PendingInvite): void {
  const previous = storage.getItem(storageKeys.pendingInviteToken);
  storage.setItem(storageKeys.pendingInviteToken, invite.token);
  if (invite.email) storage.setItem(storageKeys.pendingInviteEmail, invite.email);
  else if (previous !== invite.token) storage.removeItem(storageKeys.pendingInviteEmail);
}

/** Forgets the pending invitation; with a token, only if it is that one (a newer link stays). */
export function clearPendingInvite(storage: KeyValueStorage, token?: string): void {
  if (token && storage.getItem(storageKeys.pendingInviteToken) !== token) return;
  storage.removeItem(storageKeys.pendingInviteToken);
  storage.removeItem(storageKeys.pendingInviteEmail);
}

/** spec §4 SIGNED_IN: the token from the URL, else from local storage. */
export function findPendingInvite(
  search: URLSearchParams,
  storage: Pick<Storage, 'getItem'>,
): PendingInvite | null {
  const fromUrl = inviteFromSearch(search);
  const stored = readStoredInvite(storage);
  if (!fromUrl) return stored;
  if (fromUrl.email || stored?.token !== fromUrl.token) return fromUrl;
  return { token: fromUrl.token, email: stored.email };
}

export type InviteOutcome =
  | { kind: 'accepted'; profileId: string; role: 'viewer' | 'editor' }
  | { kind: 'failed'; message: string; error: unknown };

/** The message when accepting fails in a way the API did not explain. */
export const ACCEPT_FAILED_MESSAGE = 'We could not accept this invitation. Please try again.';

/**
 * A failure that will not change by retrying the same token (invalid, used, cancelled, expired, wrong
 * account): the stored token is dropped so the next sign-in does not try it again. A network failure or
 * a server error keeps it for the next attempt.
 */
export function isFinalInviteFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
}
