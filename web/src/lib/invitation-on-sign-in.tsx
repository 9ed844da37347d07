// spec §4 SIGNED_IN, last step: after the post-sign-in delay (spec §9, 100 ms), accept any invitation
// token from the URL or local storage with the user's e-mail, forget the stored token and e-mail, and
// make the accepted profile active (which announces an active-profile change). Its progress is a small
// store: the sign-in screen waits on it to choose where to go, and the active-profile state waits for
// it before loading profiles, so a new invitee is not given a default profile of their own meanwhile.
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from './toast.ts';
import { authToasts } from '@domain/auth-messages.ts';
import { readAuthQuery } from '../config/paths.ts';
import { onAuthEvent } from './amplify-loader.ts';
import { readCurrentUser } from './auth.tsx';
import { POST_SIGN_IN_DELAY_MS } from './constants.ts';
import {
  ACCEPT_FAILED_MESSAGE,
  findPendingInvite,
  type InviteOutcome,
  type PendingInvite,
} from './pending-invitation.ts';

export type SignInInvitationState =
  { status: 'idle' } | { status: 'processing'; token: string } | { status: 'done'; outcome: InviteOutcome };

let current: SignInInvitationState = { status: 'idle' };
const listeners = new Set<() => void>();

function setState(next: SignInInvitationState) {
  current = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const getState = () => current;

/** Where the sign-in step's invitation stands: idle, processing, or done with its outcome. */
export function useSignInInvitation(): SignInInvitationState {
  return useSyncExternalStore(subscribe, getState);
}

/** The acceptance's code (with the active-profile rules it saves the choice by), loaded when a
 * signed-in user accepts: a signed-out start does not load it. */
const acceptanceCode = () => import('./invitation-acceptance.ts');

/**
 * Accepts an invitation for the signed-in user with the app's real calls and storage
 * (invitation-acceptance.ts). Code that cannot load is a failure like a call's that never left.
 */
export async function acceptInvite(
  invite: PendingInvite,
  user: { userId: string; email: string | null },
): Promise<InviteOutcome> {
  let acceptance: Awaited<ReturnType<typeof acceptanceCode>>;
  try {
    acceptance = await acceptanceCode();
  } catch (error) {
    console.error('accepting the invitation failed', error);
    return { kind: 'failed', message: ACCEPT_FAILED_MESSAGE, error };
  }
  return acceptance.acceptInvite(invite, user);
}

async function processAfterSignIn(invite: PendingInvite, newAccount: boolean) {
  const user = await readCurrentUser();
  if (!user) {
    setState({ status: 'idle' });
    return;
  }
  const outcome = await acceptInvite(invite, user);
  if (outcome.kind === 'accepted') {
    toast.success(newAccount ? authToasts.accountCreatedInvitationAccepted : authToasts.invitationAccepted);
  } else {
    toast.error(outcome.message);
  }
  setState({ status: 'done', outcome });
}

/** Mounted once, beside the auth state: listens for Amplify's sign-in and sign-out events. */
export function PendingInvitationOnSignIn() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onAuthEvent((event) => {
      if (event === 'signedOut') {
        clearTimeout(timer);
        setState({ status: 'idle' });
        return;
      }
      if (event !== 'signedIn') return;
      const search = new URLSearchParams(window.location.search);
      const invite = findPendingInvite(search, window.localStorage);
      if (!invite) {
        setState({ status: 'idle' });
        return;
      }
      if (current.status === 'processing' && current.token === invite.token) return;
      // Set synchronously: Amplify dispatches 'signedIn' before signIn() resolves, so the sign-in
      // screen and the profile state see "processing" before they see the user.
      setState({ status: 'processing', token: invite.token });
      // The acceptance's code downloads during the post-sign-in delay, not after it.
      acceptanceCode().catch(() => undefined);
      const { newAccount } = readAuthQuery(search);
      timer = setTimeout(() => void processAfterSignIn(invite, newAccount), POST_SIGN_IN_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
      if (current.status === 'processing') setState({ status: 'idle' });
    };
  }, []);
  return null;
}
