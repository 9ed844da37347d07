// /login (spec §2 Login, 'Welcome back'). A user who is already signed in goes straight on.
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { readAuthQuery } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { postLoginTarget, useAuth } from '../../../lib/auth.tsx';

export default function LoginRoute() {
  const { state } = useAuth();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { invite, email } = readAuthQuery(searchParams);

  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'signedIn') return <Navigate to={postLoginTarget(location.state)} replace />;
  return (
    <AuthLayout title="Welcome back" description="Sign in to see your money.">
      <LoginForm defaultEmail={email} invite={invite} />
    </AuthLayout>
  );
}
