// /two-factor: the sign-in's second step for a user with two-factor authentication on.
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { CodeStep } from '../../../features/two-factor/components/code-step.tsx';
import { ProtectedRoute } from '../../../lib/auth.tsx';

export default function TwoFactorRoute() {
  return (
    <ProtectedRoute>
      <AuthLayout title="Two-step verification">
        <CodeStep />
      </AuthLayout>
    </ProtectedRoute>
  );
}
