// The frame of signed-in screens (spec §2 "Header and navigation"): the brand, the section links of
// lib/navigation.ts (inline from 768 px, a menu button below it), the active financial profile, and the
// account menu (account e-mail, Settings, Log Out). spec §6's restriction (an invited user who owns no
// profile sees neither Profiles nor Link Accounts) is applied by visibleNavItems, in one place.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Briefcase, LogOut, Menu, Settings, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Logo } from '../ui/logo.tsx';
import { paths } from '../../config/paths.ts';
import { useActiveProfile } from '../../lib/active-profile-provider.tsx';
import { useLogout, useUser } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { mainNavItems, visibleNavItems } from '../../lib/navigation.ts';
import { roleLabels } from '../../lib/profile-roles.ts';

const menuItemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';
const menuContentClasses = 'z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg';

/**
 * The nav links this user may see. While profiles load, the restricted set, so nothing flashes for an
 * invited user; if they fail to load, everything, so Profiles (where the failure can be retried) stays.
 */
function useNavItems() {
  const { status, isNavigationRestricted } = useActiveProfile();
  return visibleNavItems(mainNavItems, status === 'loading' || isNavigationRestricted);
}

/** The active financial profile, linking to /profiles when the user may go there. */
function ActiveProfileIndicator({ className }: { className?: string }) {
  const { profile, role, isNavigationRestricted } = useActiveProfile();
  if (!profile || !role) return null;
  const content = (
    <>
      <Briefcase aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="sr-only">Active profile: </span>
      <span className="max-w-40 truncate font-medium text-slate-800">{profile.name}</span>
      {role === 'owner' ? null : <span className="text-slate-500">· {roleLabels[role]}</span>}
    </>
  );
  const classes = cn(
    'inline-flex items-center gap-1.5 rounded-md border border-slate-200 px-2.5 py-1.5 text-sm',
    className,
  );
  if (isNavigationRestricted) return <span className={classes}>{content}</span>;
  return (
    <Link to={paths.app.profiles.getHref()} className={cn(classes, 'hover:bg-slate-50')}>
      {content}
    </Link>
  );
}

/** Under 768 px (spec §2) the section links move into this menu. */
function MobileMenu() {
  const navigate = useNavigate();
  const items = useNavItems();
  const { profile, role } = useActiveProfile();
  if (items.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Main menu"
        className="flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          {profile && role ? (
            <>
              <DropdownMenu.Label className="flex items-center gap-2 px-2 py-2 text-xs text-slate-500">
                <Briefcase aria-hidden="true" className="size-4" />
                <span className="truncate">
                  {profile.name}
                  {role === 'owner' ? '' : ` · ${roleLabels[role]}`}
                </span>
              </DropdownMenu.Label>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            </>
          ) : null}
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.href}
              className={menuItemClasses}
              onSelect={() => navigate(item.href)}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function AccountMenu() {
  const user = useUser();
  const navigate = useNavigate();
  const { logout } = useLogout();
  const initial = (user.name ?? user.email ?? 'U').trim().charAt(0).toUpperCase() || 'U';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-on-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {initial}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.Label className="flex items-center gap-2 px-2 py-2 text-xs text-slate-500">
            <User aria-hidden="true" className="size-4" />
            <span className="truncate">{user.email ?? 'Signed in'}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={menuItemClasses}
            onSelect={() => navigate(paths.app.settings.getHref())}
          >
            <Settings aria-hidden="true" className="size-4" />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => void logout()}>
            <LogOut aria-hidden="true" className="size-4" />
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const items = useNavItems();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4">
          <Link
            to={paths.app.accounts.getHref()}
            className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Logo className="text-lg" markClassName="size-7" />
          </Link>
          <div className="flex min-w-0 items-center gap-2">
            <nav aria-label="Main" className="hidden md:block">
              <ul className="flex items-center gap-1">
                {items.map((link) => (
                  <li key={link.href}>
                    <NavLink
                      to={link.href}
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
            <ActiveProfileIndicator className="hidden sm:inline-flex" />
            <MobileMenu />
            <AccountMenu />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
    </div>
  );
}
