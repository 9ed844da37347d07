// The frame of signed-in screens: a header with the brand, the built sections (Settings for now) and
// the account menu of spec §2 (account e-mail, Settings, Log Out); the rest of spec §2's navigation
// joins as its screens land.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Settings, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { APP_NAME } from '../../config/brand.ts';
import { paths } from '../../config/paths.ts';
import { useLogout, useUser } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';

const navLinks = [{ to: paths.app.settings.getHref(), label: 'Settings' }] as const;

function AccountMenu() {
  const user = useUser();
  const navigate = useNavigate();
  const { logout } = useLogout();
  const initial = (user.name ?? user.email ?? 'U').trim().charAt(0).toUpperCase() || 'U';
  const itemClasses =
    'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {initial}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="flex items-center gap-2 px-2 py-2 text-xs text-slate-500">
            <User aria-hidden="true" className="size-4" />
            <span className="truncate">{user.email ?? 'Signed in'}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate(paths.app.settings.getHref())}>
            <Settings aria-hidden="true" className="size-4" />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => void logout()}>
            <LogOut aria-hidden="true" className="size-4" />
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4">
          <Link to={paths.home.getHref()} className="text-lg font-semibold tracking-tight text-brand-700">
            {APP_NAME}
          </Link>
          <div className="flex items-center gap-2">
            <nav aria-label="Main">
              <ul className="flex items-center gap-1">
                {navLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      className={({ isActive }) =>
                        cn(
                          'rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                          isActive && 'bg-brand-50 text-brand-700',
                        )
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <AccountMenu />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
    </div>
  );
}
