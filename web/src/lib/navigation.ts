// The signed-in navigation of spec §2 ("Header and navigation"), as data: the header, the mobile menu,
// the bottom navigation and the avatar menu read it here, so spec §6's restriction and the active-route
// rule are applied in one place.
import { paths } from '../config/paths.ts';

export interface NavItem {
  href: string;
  label: string;
}

/**
 * Header links in spec §2's order: /accounts, /calendar, /plan, /coach, /profiles, /link, /settings,
 * /help, /terms. (Calendar, Money Plan, Coach and Help show the not-found page until their screens land.)
 */
export const mainNavItems: readonly NavItem[] = [
  { href: paths.app.accounts.getHref(), label: 'Accounts' },
  { href: paths.app.calendar.getHref(), label: 'Calendar' },
  { href: paths.app.plan.getHref(), label: 'Money Plan' },
  { href: paths.app.coach.getHref(), label: 'Coach' },
  { href: paths.app.profiles.getHref(), label: 'Profiles' },
  { href: paths.app.link.getHref(), label: 'Link Accounts' },
  { href: paths.app.settings.getHref(), label: 'Settings' },
  { href: paths.app.help.getHref(), label: 'Help' },
  { href: paths.terms.getHref(), label: 'Terms' },
];

/** spec §2: admin-only header links. */
export const adminNavItems: readonly NavItem[] = [
  { href: paths.admin.dashboard.getHref(), label: 'Admin' },
  { href: paths.admin.categories.getHref(), label: 'Categories' },
];

/** spec §2: the mobile bottom navigation's tabs, in the spec's order. */
export const bottomNavItems: readonly NavItem[] = [
  { href: paths.app.accounts.getHref(), label: 'Accounts' },
  { href: paths.app.calendar.getHref(), label: 'Calendar' },
  { href: paths.app.coach.getHref(), label: 'Coach' },
  { href: paths.app.plan.getHref(), label: 'Money Plan' },
];

/** spec §2/§6: what an invited user who owns no profile does not see. */
const hiddenWhenRestricted: ReadonlySet<string> = new Set([paths.app.profiles.path, paths.app.link.path]);

const pathOf = (href: string) => href.split(/[?#]/)[0] ?? href;

export function isHiddenWhenRestricted(href: string): boolean {
  return hiddenWhenRestricted.has(pathOf(href));
}

/** The items to show; `restricted` is the active-profile state's isNavigationRestricted. */
export function visibleNavItems<T extends NavItem>(items: readonly T[], restricted: boolean): T[] {
  return restricted ? items.filter((item) => !isHiddenWhenRestricted(item.href)) : [...items];
}

/**
 * Whether a link is the current route: its own path or a page under it (/accounts/{id} under
 * /accounts). spec §2: the bottom navigation's Calendar tab is also highlighted on /.
 */
export function isNavItemActive(href: string, pathname: string, { calendarOnHome = false } = {}): boolean {
  const path = pathOf(href);
  if (calendarOnHome && path === paths.app.calendar.path && pathname === paths.home.path) return true;
  if (path === paths.home.path) return pathname === path;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * How many of the header's links fit in a row of `available` px (widths in order, `gap` px between
 * neighbours): all of them if they do; otherwise as many as leave room for the "More" button
 * (`moreWidth`), which takes the rest. From 768 px the header shows its links, and nine of them (eleven
 * for an admin) do not fit every width.
 */
export function linksThatFit(
  widths: readonly number[],
  available: number,
  moreWidth: number,
  gap: number,
): number {
  const rowOf = (count: number) =>
    widths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(count - 1, 0);
  if (rowOf(widths.length) <= available) return widths.length;
  let count = widths.length - 1;
  while (count > 0 && rowOf(count) + gap + moreWidth > available) count -= 1;
  return count;
}
