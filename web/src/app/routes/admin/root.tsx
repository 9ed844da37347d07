// The admin guard and frame (spec §2 "guard-wrapped", §6): inside the signed-in frame
// (signed-out people are sent to /login by its guard), only a person whose profile says is_admin (the
// server sets it from the `admin` group AND profiles.is_admin) sees the admin screens; anyone else goes
// to /accounts. is_admin counts as false while it cannot be read (spec §6 "defaults to false on error").
// The server refuses every admin call by itself; this guard only keeps the screens out of view.
import { useQuery } from '@tanstack/react-query';
import { NavLink, Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { getProfileQueryOptions } from '../../../lib/user-profile-api.ts';

const sections = [
  { href: paths.admin.dashboard.getHref(), label: 'Dashboard', end: true },
  { href: paths.admin.users.getHref(), label: 'Users', end: false },
  { href: paths.admin.userHealth.getHref(), label: 'User health', end: true },
  { href: paths.admin.plaidHealth.getHref(), label: 'Plaid health', end: true },
  { href: paths.admin.system.getHref(), label: 'System', end: true },
  { href: paths.admin.notifications.getHref(), label: 'Notifications', end: true },
  { href: paths.admin.categories.getHref(), label: 'Categories', end: true },
];

export default function AdminRoot() {
  const profile = useQuery(getProfileQueryOptions());
  if (profile.isPending) return <PageSpinner />;
  if (profile.data?.is_admin !== true) return <Navigate to={paths.app.accounts.getHref()} replace />;
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Admin" className="-mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 px-1">
          {sections.map((s) => (
            <li key={s.href}>
              <NavLink
                to={s.href}
                end={s.end}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
