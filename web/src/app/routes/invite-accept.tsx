// /invite/accept?token=… (spec §2 public route): accepting an invitation to a shared financial profile.
import { Link, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { APP_NAME } from '../../config/brand.ts';
import { paths, readAuthQuery } from '../../config/paths.ts';
import { InvitationAccept, useInvitation } from '../../features/invitations/components/invitation-accept.tsx';
import { useAuth } from '../../lib/auth.tsx';

export default function InviteAcceptRoute() {
  const [searchParams] = useSearchParams();
  const { invite: token } = readAuthQuery(searchParams);
  const view = useInvitation(token);
  const { state } = useAuth();

  if (view.kind === 'checking') {
    return (
      <AuthLayout title="Your invitation">
        <PageSpinner label="Checking your invitation..." className="py-8" />
      </AuthLayout>
    );
  }
  if (view.kind === 'unavailable' || !token) {
    const message = view.kind === 'unavailable' ? view.message : null;
    return (
      <AuthLayout title="Invitation unavailable">
        <div className="space-y-5">
          <Alert>{message}</Alert>
          <Link
            to={state.status === 'signedIn' ? paths.app.profiles.getHref() : paths.auth.login.getHref()}
            className="inline-block font-medium text-brand-700 hover:underline"
          >
            {state.status === 'signedIn' ? 'Go to your profiles' : 'Go to sign in'}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="You're invited" description={`Join a shared financial profile on ${APP_NAME}.`}>
      <InvitationAccept token={token} view={view} />
    </AuthLayout>
  );
}
