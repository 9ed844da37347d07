// /login (spec §2 Login, 'Welcome back'). The invitation comes from the URL or, failing that, the
// pending one in local storage, so the sign-up link and the sign-in that accepts it both carry it.
// A signed-in user goes straight on: to /profiles once the invitation accepted at this sign-in is
// settled (spec §8), to the invitation itself when one arrives while already signed in, else through
// the post-login navigation. Without an invitation, the first signed-in screen's code and data are
// asked for while the sign-in is under way (app/sign-in-start.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { paths, readAuthQuery } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { postLoginTarget, useAuth } from '../../../lib/auth.tsx';
import { useSignInInvitation } from '../../../lib/invitation-on-sign-in.tsx';
import { readStoredInvite } from '../../../lib/pending-invitation.ts';
import type * as SignInStart from '../../sign-in-start.ts';

/** How long the post-login navigation waits, at most, for the first screen's data once signed in. */
const SIGN_IN_PREPARE_MAX_MS = 1500;

/** The sign-in's head start (app/sign-in-start.ts), loaded at the click: /login's own code stays light. */
let signInStart: Promise<typeof SignInStart> | null = null;
const loadSignInStart = () => {
  signInStart ??= import('../../sign-in-start.ts').catch((error: unknown) => {
    signInStart = null;
    throw error;
  });
  return signInStart;
};

export default function LoginRoute() {
  const { state } = useAuth();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fromUrl = readAuthQuery(searchParams);
  const [stored] = useState(() => readStoredInvite(window.localStorage));
  const invitation = useSignInInvitation();

  const queryClient = useQueryClient();
  const target = postLoginTarget(location.state);

  // From the click on 'Sign in' until the first screen's data is in (at most SIGN_IN_PREPARE_MAX_MS once
  // signed in), the form stays, its button pending: the screen then renders once, from the cache.
  const [preparing, setPreparing] = useState(false);
  const signedIn = state.status === 'signedIn';
  useEffect(() => {
    if (!signedIn || !preparing) return;
    const timer = window.setTimeout(() => setPreparing(false), SIGN_IN_PREPARE_MAX_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, preparing]);

  const invite = fromUrl.invite ?? stored?.token ?? null;
  const email = fromUrl.email ?? (stored && stored.token === invite ? stored.email : null);
  const form = (
    <AuthLayout title="Welcome back" description="Sign in to see your money.">
      <LoginForm
        defaultEmail={email}
        invite={invite}
        newAccount={fromUrl.newAccount}
        {...(invite
          ? {}
          : {
              onSigningIn: () => {
                setPreparing(true);
                loadSignInStart()
                  .then((start) => start.preloadAfterSignIn(target))
                  .catch(() => undefined);
              },
              onSignedIn: () =>
                loadSignInStart()
                  .then((start) => start.prepareAfterSignIn(queryClient, target))
                  .catch(() => undefined)
                  .finally(() => setPreparing(false)),
              onSignInFailed: () => setPreparing(false),
            })}
      />
    </AuthLayout>
  );

  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'signedIn') {
    if (invitation.status === 'processing') return <FullPageSpinner label="Accepting your invitation..." />;
    if (invitation.status === 'done' && invitation.outcome.kind === 'accepted') {
      return <Navigate to={paths.app.profiles.getHref()} replace />;
    }
    if (fromUrl.invite && invitation.status === 'idle') {
      return <Navigate to={paths.inviteAccept.getHref(fromUrl.invite)} replace />;
    }
    return preparing ? form : <Navigate to={target} replace />;
  }
  return form;
}
