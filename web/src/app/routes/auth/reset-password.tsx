// /reset-password (spec §2 password recovery): the code and the new password. A recovery link
// (type=recovery&token_hash=…, spec §2) lands here with its query; the token_hash is the code.
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { getAppConfig } from '../../../config/app-config.ts';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      title="Choose a new password"
      description="Enter the code from your email and a new password."
    >
      <ResetPasswordForm
        defaultEmail={searchParams.get('email')}
        defaultCode={searchParams.get('token_hash') ?? searchParams.get('code')}
        isLocal={getAppConfig().stage === 'local'}
      />
    </AuthLayout>
  );
}
