// /auth/callback (spec §2): the return from an e-mail verification link, 'Verifying your email...'.
// A link carries the e-mail and the code (`email`, `code`): the code confirms the account, then a
// signed-in user goes home ('Email verified successfully! Welcome to the product.') and anyone else to
// sign-in ('Email verified! Please sign in to continue.'). A link without them, or a refused code,
// says 'Email verification failed. Please try again.' and goes to /login (spec §8).
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { journeyToast, toast } from '../../../lib/toast.ts';
import { authToasts } from '@domain/auth-messages.ts';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { APP_NAME } from '../../../config/brand.ts';
import { paths, readAuthQuery } from '../../../config/paths.ts';
import { confirmEmail } from '../../../features/auth/api/confirm-sign-up.ts';
import { describeAuthError } from '../../../features/auth/utils/cognito-errors.ts';
import { useAuth } from '../../../lib/auth.tsx';

export default function AuthCallbackRoute() {
  const navigate = useNavigate();
  const { state } = useAuth();
  const [searchParams] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (state.status === 'loading' || started.current) return;
    started.current = true;
    const { email, invite, newAccount } = readAuthQuery(searchParams);
    const code = searchParams.get('code');
    const signedIn = state.status === 'signedIn';
    const done = () => {
      if (signedIn) {
        journeyToast('success', `Email verified successfully! Welcome to ${APP_NAME}.`);
        navigate(paths.home.getHref(), { replace: true });
      } else {
        journeyToast('success', authToasts.emailVerified);
        navigate(paths.auth.login.getHref({ email, invite, newAccount }), { replace: true });
      }
    };
    if (!email || !code) {
      if (signedIn) done();
      else {
        toast.error(authToasts.verificationFailed);
        navigate(paths.auth.login.getHref({ email, invite }), { replace: true });
      }
      return;
    }
    confirmEmail({ email, code })
      .then(done)
      .catch((error: unknown) => {
        if (describeAuthError('confirmSignUp', error).kind === 'already_confirmed') {
          done();
          return;
        }
        toast.error(authToasts.verificationFailed);
        navigate(paths.auth.login.getHref({ email, invite }), { replace: true });
      });
  }, [state.status, searchParams, navigate]);

  return (
    <AuthLayout title="Verifying your email...">
      <PageSpinner label="Verifying your email..." className="py-6" />
    </AuthLayout>
  );
}
