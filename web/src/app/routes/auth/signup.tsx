// /signup (spec §2 Signup). The 3-step questionnaire comes first (its own feature), then 'Create your
// account'. Arriving with an invitation, the invitation is looked up (public GET /invitations/{token}): its e-mail is the one
// the account must use, so the field is filled in and locked, and the screen says who invited whom.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { paths, readAuthQuery } from '../../../config/paths.ts';
import { CreateAccountForm } from '../../../features/auth/components/create-account-form.tsx';
import {
  invitationSentence,
  useInvitation,
} from '../../../features/invitations/components/invitation-accept.tsx';
import { Questionnaire } from '../../../features/onboarding-questionnaire/components/questionnaire.tsx';

const TITLE = 'Create your account';
const DESCRIPTION = "It takes a minute. We'll email you a code to confirm it's you.";

export default function SignupRoute() {
  const [answered, setAnswered] = useState(false);
  const [searchParams] = useSearchParams();
  const { invite, email } = readAuthQuery(searchParams);
  if (!answered) {
    return (
      <AuthLayout
        title="Let's get to know you"
        description="Three quick questions so we can tailor your plan."
      >
        <Questionnaire onComplete={() => setAnswered(true)} />
        <p className="mt-6 text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link
            to={paths.auth.login.getHref({ invite, email })}
            className="font-medium text-brand-700 hover:underline"
          >
            Sign in
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return <CreateAccount invite={invite} email={email} />;
}

function CreateAccount({ invite, email }: { invite: string | null; email: string | null }) {
  const invitation = useInvitation(invite);

  if (!invite) {
    return (
      <AuthLayout title={TITLE} description={DESCRIPTION}>
        <CreateAccountForm defaultEmail={email} invite={null} />
      </AuthLayout>
    );
  }
  if (invitation.kind === 'checking') {
    return (
      <AuthLayout title={TITLE} description={DESCRIPTION}>
        <PageSpinner label="Checking your invitation..." className="py-8" />
      </AuthLayout>
    );
  }
  if (invitation.kind === 'unavailable') {
    // The link cannot be used; signing up still can, without it.
    return (
      <AuthLayout title={TITLE} description={DESCRIPTION}>
        <div className="space-y-5">
          <Alert tone="info" title="This invitation can't be used">
            {invitation.message} You can still create an account.
          </Alert>
          <CreateAccountForm defaultEmail={email} invite={null} />
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={TITLE}
      description={`${invitationSentence(invitation.invitation)} Create your account to join.`}
    >
      <CreateAccountForm defaultEmail={invitation.invitation.invited_email} invite={invite} />
    </AuthLayout>
  );
}
