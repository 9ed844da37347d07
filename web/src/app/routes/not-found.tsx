// Any path that is not a route (spec §2: "Any other path shows a not-found page").
import { Link, useLocation } from 'react-router-dom';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { paths } from '../../config/paths.ts';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <AuthLayout title="Page not found" description={`There is no page at ${pathname}.`}>
      <Link to={paths.home.getHref()} className="font-medium text-brand-700 hover:underline">
        Go to the home page
      </Link>
    </AuthLayout>
  );
}
