// /forgot-password (spec §2 password recovery): step one, the e-mail.
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      title="Reset your password"
      description="Enter your email and we'll send you a code to reset it."
    >
      <ForgotPasswordForm defaultEmail={searchParams.get('email')} />
    </AuthLayout>
  );
}
