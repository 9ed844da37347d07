// /verify-email: enter the code sent at sign-up.
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { getAppConfig } from '../../../config/app-config.ts';
import { readAuthQuery, readCodeSentAgain } from '../../../config/paths.ts';
import { VerifyEmailForm } from '../../../features/auth/components/verify-email-form.tsx';

export default function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const { invite, email, newAccount } = readAuthQuery(searchParams);
  return (
    <AuthLayout
      title="Verify your email"
      description={
        email ? `Enter the 6-digit code we sent to ${email}.` : 'Enter the 6-digit code we emailed you.'
      }
    >
      <VerifyEmailForm
        defaultEmail={email}
        invite={invite}
        newAccount={newAccount}
        codeSentAgain={readCodeSentAgain(searchParams)}
        isLocal={getAppConfig().stage === 'local'}
      />
    </AuthLayout>
  );
}
