// /signup (spec §2 Signup). The 3-step questionnaire comes first in the full flow; it lands with a
// later issue as its own feature, rendered here before CreateAccountForm (docs/web.md).
import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { readAuthQuery } from '../../../config/paths.ts';
import { CreateAccountForm } from '../../../features/auth/components/create-account-form.tsx';

export default function SignupRoute() {
  const [searchParams] = useSearchParams();
  const { invite, email } = readAuthQuery(searchParams);
  return (
    <AuthLayout
      title="Create your account"
      description="It takes a minute. We'll email you a code to confirm it's you."
    >
      <CreateAccountForm defaultEmail={email} invite={invite} />
    </AuthLayout>
  );
}
