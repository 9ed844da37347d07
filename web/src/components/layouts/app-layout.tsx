// The frame of signed-in screens (spec §2 "Header and navigation"). From 768 px: a header with the
// brand, the section links of lib/navigation.ts (admin links for admins) with the current route
// highlighted, as many as fit and the rest under "More" (header-nav.tsx), the active financial profile
// and the avatar menu. Under 768 px the header is hidden: a slim bar with the hamburger menu (the same
// links), and a bottom navigation (Accounts, Calendar, Coach, Money Plan; Calendar also highlighted on
// /) with bottom padding for it. spec §6's restriction (an
// invited user who owns no profile sees neither Profiles nor Link Accounts) is applied by
// visibleNavItems, in one place. The avatar menu has every entry of spec §2. The menus and the mobile sheet
// are Radix, loaded when a person reaches for them (ui/lazy-menu.tsx): the frame draws their triggers.
import { useQuery } from '@tanstack/react-query';
import {
  Briefcase,
  CalendarDays,
  ClipboardList,
  Menu,
  MessageCircle,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useActiveProfile } from '../../lib/active-profile-provider.tsx';
import { useUser } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import {
  adminNavItems,
  bottomNavItems,
  isNavItemActive,
  mainNavItems,
  visibleNavItems,
  type NavItem,
} from '../../lib/navigation.ts';
import { preloadRoute } from '../../lib/route-preload.ts';
import { roleLabels } from '../../lib/profile-roles.ts';
import { getProfileQueryOptions } from '../../lib/user-profile-api.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Logo } from '../ui/logo.tsx';
import { lazyModule } from '../../lib/lazy-module.ts';
import { lazyMenu, useLazy } from '../ui/lazy-menu.tsx';
import type { AccountMenuActions } from './account-dropdown.tsx';
import { AlertsMenu } from './alerts-menu.tsx';
import { HeaderNav } from './header-nav.tsx';

/** The signed-in user's profile record (admin flag, avatar); admin defaults to false on error (spec §6). */
function useUserProfile() {
  return useQuery(getProfileQueryOptions());
}

/**
 * The nav links this user may see. While profiles load, the restricted set, so nothing flashes for an
 * invited user; if they fail to load, everything, so Profiles (where the failure can be retried) stays.
 */
function useNavItems(): NavItem[] {
  const { status, isNavigationRestricted } = useActiveProfile();
  const isAdmin = useUserProfile().data?.is_admin === true;
  return [
    ...visibleNavItems(mainNavItems, status === 'loading' || isNavigationRestricted),
    ...(isAdmin ? adminNavItems : []),
  ];
}

/** Hovering or focusing a link preloads its screen (spec §2). */
const preloadProps = (href: string) => ({
  onMouseEnter: () => preloadRoute(href),
  onFocus: () => preloadRoute(href),
});

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

const sheet = lazyModule(() => import('../ui/sheet.tsx').then((m) => m.Sheet));

/** Under 768 px (spec §2): the hamburger menu with the same links as the header. Its sheet (Radix Dialog)
 * loads when a person reaches for the button (ui/lazy-menu.tsx); a tap before then opens it once in. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [Sheet, loadSheet] = useLazy(sheet);
  const items = useNavItems();
  const { pathname } = useLocation();
  const { profile, role } = useActiveProfile();
  return (
    <>
      <button
        type="button"
        aria-label="Main menu"
        onPointerEnter={loadSheet}
        onTouchStart={loadSheet}
        onPointerDown={loadSheet}
        onFocus={loadSheet}
        onClick={() => {
          loadSheet();
          setOpen(true);
        }}
        className="flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {Sheet ? (
        <Sheet open={open} onOpenChange={setOpen} title={<Logo className="text-lg" markClassName="size-7" />}>
          {profile && role ? (
            <p className="mb-3 flex items-center gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
              <Briefcase aria-hidden="true" className="size-4" />
              <span className="truncate">
                {profile.name}
                {role === 'owner' ? '' : ` · ${roleLabels[role]}`}
              </span>
            </p>
          ) : null}
          <nav aria-label="Mobile menu">
            <ul className="space-y-1">
              {items.map((item) => {
                const active = isNavItemActive(item.href, pathname);
                return (
                  <li key={item.href}>
                    <Link
                      to={item.href}
                      onClick={() => setOpen(false)}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'block rounded-md px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100',
                        active && 'bg-brand-50 text-brand-700',
                      )}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </Sheet>
      ) : null}
    </>
  );
}

const accountDropdown = lazyModule(() => import('./account-dropdown.tsx').then((m) => m.AccountDropdown));
const AccountDropdown = lazyMenu(accountDropdown);

/** spec §2 avatar menu (account-dropdown.tsx, loaded when a person reaches for it: ui/lazy-menu.tsx). */
function AccountMenu({ actions }: { actions: AccountMenuActions }) {
  const user = useUser();
  const profile = useUserProfile().data;
  const look = profile ?? { avatar_type: 'initials', full_name: user.name, email: user.email };
  return (
    <AccountDropdown
      actions={actions}
      trigger={
        <button
          type="button"
          aria-label="Account menu"
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Avatar look={{ ...look, email: look.email ?? user.email }} size="sm" />
        </button>
      }
    />
  );
}

const bottomIcons: Record<string, LucideIcon> = {
  [paths.app.accounts.getHref()]: Wallet,
  [paths.app.calendar.getHref()]: CalendarDays,
  [paths.app.coach.getHref()]: MessageCircle,
  [paths.app.plan.getHref()]: ClipboardList,
};

/** spec §2: the mobile bottom navigation; the Calendar tab is also highlighted on /. */
function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-4">
        {bottomNavItems.map((item) => {
          const active = isNavItemActive(item.href, pathname, { calendarOnHome: true });
          const Icon = bottomIcons[item.href] ?? Wallet;
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                aria-current={active ? 'page' : undefined}
                {...preloadProps(item.href)}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-slate-600',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                  active && 'text-brand-700',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The frame as it first looks, before anything is known of the user: the brand, the bottom navigation's
 * tabs and the page's container, with no links or menus. Prerendered into index.html around a screen's
 * skeleton (app/start-views.tsx), so a signed-in deep link paints its frame before any JavaScript runs;
 * the app replaces it, node for node in the same places, once its own frame renders. Hook-free: it is
 * rendered to static markup in Node.
 */
export function FrameSkeleton({ children, pathname }: { children: ReactNode; pathname: string }) {
  return (
    <div className="min-h-dvh">
      <header className="hidden border-b border-slate-200 bg-white md:block">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 lg:px-6">
          <Logo className="text-lg" markClassName="size-7" nameClassName="md:max-lg:sr-only" />
        </div>
      </header>
      <div className="sticky top-0 z-30 flex h-14 items-center justify-center border-b border-slate-200 bg-white px-2 md:hidden">
        <Logo className="text-lg" markClassName="size-7" />
      </div>
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-24 md:py-8">{children}</main>
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden">
        <ul className="grid grid-cols-4">
          {bottomNavItems.map((item) => {
            const Icon = bottomIcons[item.href] ?? Wallet;
            return (
              <li
                key={item.href}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-slate-600',
                  isNavItemActive(item.href, pathname, { calendarOnHome: true }) && 'text-brand-700',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                {item.label}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

export function AppLayout({
  children,
  actions,
  aside,
}: {
  children: ReactNode;
  actions: AccountMenuActions;
  /** Above the screen, in the page's flow (the engagement prompt): it moves the screen down rather than
   * cover any of it. Takes no room while it renders nothing. */
  aside?: ReactNode;
}) {
  const items = useNavItems();
  const brand = (
    <Link
      to={paths.app.accounts.getHref()}
      className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Logo className="text-lg" markClassName="size-7" nameClassName="md:max-lg:sr-only" />
    </Link>
  );
  return (
    <div className="min-h-dvh">
      <header className="hidden border-b border-slate-200 bg-white md:block">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 lg:px-6">
          {brand}
          <HeaderNav items={items} linkProps={preloadProps} />
          <div className="flex shrink-0 items-center gap-2">
            <ActiveProfileIndicator className="hidden xl:inline-flex" />
            <AlertsMenu />
            <AccountMenu actions={actions} />
          </div>
        </div>
      </header>
      <div className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-2 md:hidden">
        <MobileMenu />
        <Link
          to={paths.app.accounts.getHref()}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Logo className="text-lg" markClassName="size-7" />
        </Link>
        <div className="flex items-center gap-1">
          <AlertsMenu />
          <AccountMenu actions={actions} />
        </div>
      </div>
      {aside ? <div className="mx-auto max-w-5xl px-4 pt-6 empty:hidden md:pt-8">{aside}</div> : null}
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-24 md:py-8">{children}</main>
      <BottomNav />
    </div>
  );
}
