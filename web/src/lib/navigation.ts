// The signed-in navigation of spec §2 ("Header and navigation"), as data: the header, the mobile menu
// and anything else that lists sections read it here, so spec §6's restriction is applied in one place.
import { paths } from '../config/paths.ts';

export interface NavItem {
  href: string;
  label: string;
}

/**
 * Header links in spec §2's order, for the screens built so far. Calendar, Money Plan, Coach and Help
 * join here as their screens land (docs/web.md).
 */
export const mainNavItems: readonly NavItem[] = [
  { href: paths.app.accounts.getHref(), label: 'Accounts' },
  { href: paths.app.profiles.getHref(), label: 'Profiles' },
  { href: paths.app.link.getHref(), label: 'Link Accounts' },
  { href: paths.app.settings.getHref(), label: 'Settings' },
];

/** spec §2/§6: what an invited user who owns no profile does not see. */
const hiddenWhenRestricted: ReadonlySet<string> = new Set([paths.app.profiles.path, paths.app.link.path]);

export function isHiddenWhenRestricted(href: string): boolean {
  return hiddenWhenRestricted.has(href.split(/[?#]/)[0] ?? href);
}

/** The items to show; `restricted` is the active-profile state's isNavigationRestricted. */
export function visibleNavItems<T extends NavItem>(items: readonly T[], restricted: boolean): T[] {
  return restricted ? items.filter((item) => !isHiddenWhenRestricted(item.href)) : [...items];
}
