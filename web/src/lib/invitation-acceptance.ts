// Accepting a pending invitation (spec §4 SIGNED_IN / Invitation), loaded only when a signed-in user
// accepts one (invitation-on-sign-in.tsx `acceptInvite`): a signed-out start does not load it.
// `acceptPendingInvite` is pure apart from the storage and calls it is given, so it is unit tested.
import { saveActiveProfileId } from './active-profile.ts';
import { errorMessageOr } from './error-message.ts';
import {
  ACCEPT_FAILED_MESSAGE,
  clearPendingInvite,
  isFinalInviteFailure,
  type InviteOutcome,
  type PendingInvite,
} from './pending-invitation.ts';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AcceptPendingInviteDeps {
  accept: (token: string, email: string | null) => Promise<{ profile_id: string; role: 'viewer' | 'editor' }>;
  repair: () => Promise<void>;
  storage: KeyValueStorage;
  /** Saves the accepted profile as the user's active one and announces it (spec §4). */
  saveActiveProfile: (userId: string, profileId: string) => void;
  log?: (message: string, error: unknown) => void;
}

/**
 * spec §4 SIGNED_IN / Invitation: accept with the user's e-mail, remove the stored token and e-mail,
 * make the accepted profile the active one; when accepting fails, run the repair routine, whose own
 * failures are only logged.
 */
export async function acceptPendingInvite(
  invite: PendingInvite,
  user: { userId: string; email: string | null },
  deps: AcceptPendingInviteDeps,
): Promise<InviteOutcome> {
  const log = deps.log ?? ((message, error) => console.error(message, error));
  try {
    const accepted = await deps.accept(invite.token, user.email ?? invite.email);
    clearPendingInvite(deps.storage, invite.token);
    deps.saveActiveProfile(user.userId, accepted.profile_id);
    return { kind: 'accepted', profileId: accepted.profile_id, role: accepted.role };
  } catch (error) {
    log('accepting the invitation failed', error);
    try {
      await deps.repair();
    } catch (repairError) {
      log('invitation repair failed', repairError);
    }
    if (isFinalInviteFailure(error)) clearPendingInvite(deps.storage, invite.token);
    return { kind: 'failed', message: errorMessageOr(error, ACCEPT_FAILED_MESSAGE), error };
  }
}

/** Accepts an invitation for the signed-in user with the app's real calls and storage. */
export function acceptInvite(
  invite: PendingInvite,
  user: { userId: string; email: string | null },
): Promise<InviteOutcome> {
  return acceptPendingInvite(invite, user, {
    // The invitation calls (and the schemas their answers are checked with) load when one is accepted.
    accept: async (token, email) => (await import('./invitations-api.ts')).acceptInvitation(token, email),
    repair: async () => (await import('./invitations-api.ts')).repairInvitations(),
    storage: window.localStorage,
    saveActiveProfile: (userId, profileId) => saveActiveProfileId(window.localStorage, userId, profileId),
  });
}
