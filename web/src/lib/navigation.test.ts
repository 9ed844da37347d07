import { describe, expect, it } from 'vitest';
import {
  adminNavItems,
  bottomNavItems,
  isHiddenWhenRestricted,
  isNavItemActive,
  mainNavItems,
  visibleNavItems,
} from './navigation.ts';

describe('navigation (spec §2 header, §6 invited users)', () => {
  it('lists the header links in the spec order, admin links apart', () => {
    expect(mainNavItems.map((i) => i.href)).toEqual([
      '/accounts',
      '/calendar',
      '/plan',
      '/coach',
      '/profiles',
      '/link',
      '/settings',
      '/help',
      '/terms',
    ]);
    expect(adminNavItems.map((i) => i.href)).toEqual(['/admin', '/admin/categories']);
    expect(bottomNavItems.map((i) => i.label)).toEqual(['Accounts', 'Calendar', 'Coach', 'Money Plan']);
  });

  it('hides Profiles and Link Accounts from an invited user who owns no profile', () => {
    expect(visibleNavItems(mainNavItems, true).map((i) => i.label)).toEqual([
      'Accounts',
      'Calendar',
      'Money Plan',
      'Coach',
      'Settings',
      'Help',
      'Terms',
    ]);
  });

  it('shows everything to everyone else', () => {
    expect(visibleNavItems(mainNavItems, false)).toEqual(mainNavItems);
  });

  it('matches the path whatever the query or fragment', () => {
    expect(isHiddenWhenRestricted('/profiles?tab=members')).toBe(true);
    expect(isHiddenWhenRestricted('/link#start')).toBe(true);
    expect(isHiddenWhenRestricted('/link-accounts')).toBe(false);
  });

  it('highlights a link on its page and the pages under it, and Calendar on / in the bottom bar', () => {
    expect(isNavItemActive('/accounts', '/accounts')).toBe(true);
    expect(isNavItemActive('/accounts', '/accounts/acc-1')).toBe(true);
    expect(isNavItemActive('/link', '/link-accounts')).toBe(false);
    expect(isNavItemActive('/calendar', '/')).toBe(false);
    expect(isNavItemActive('/calendar', '/', { calendarOnHome: true })).toBe(true);
    expect(isNavItemActive('/accounts', '/', { calendarOnHome: true })).toBe(false);
  });
});
