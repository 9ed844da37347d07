import { describe, expect, it } from 'vitest';
import {
  linksThatFit,
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

describe('linksThatFit (the header row from 768 px)', () => {
  const widths = [80, 80, 100, 60, 70, 110, 70, 50, 55];
  const row = widths.reduce((a, b) => a + b, 0) + 2 * 8; // 675 + 16 gaps

  it('keeps every link in the row when they fit, to the pixel', () => {
    expect(linksThatFit(widths, row, 70, 2)).toBe(9);
    expect(linksThatFit(widths, 2000, 70, 2)).toBe(9);
  });

  it('moves the links that do not fit behind "More", leaving room for its button', () => {
    // One pixel short: the last link cannot stay, and "More" (70 px) needs room too.
    expect(linksThatFit(widths, row - 1, 70, 2)).toBe(7);
    // 80 + 80 + 100 + 60 = 320, 3 gaps, then a gap and More: 398.
    expect(linksThatFit(widths, 398, 70, 2)).toBe(4);
    expect(linksThatFit(widths, 397, 70, 2)).toBe(3);
  });

  it('puts everything behind "More" when not even one link fits beside it', () => {
    expect(linksThatFit(widths, 100, 70, 2)).toBe(0);
    expect(linksThatFit([], 0, 70, 2)).toBe(0);
  });
});
