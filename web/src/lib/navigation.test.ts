import { describe, expect, it } from 'vitest';
import { isHiddenWhenRestricted, mainNavItems, visibleNavItems } from './navigation.ts';

describe('navigation (spec §2 header, §6 invited users)', () => {
  const withLink = [
    { href: '/accounts', label: 'Accounts' },
    { href: '/profiles', label: 'Profiles' },
    { href: '/link', label: 'Link Accounts' },
    { href: '/settings', label: 'Settings' },
  ];

  it('hides Profiles and Link Accounts from an invited user who owns no profile', () => {
    expect(visibleNavItems(withLink, true).map((i) => i.label)).toEqual(['Accounts', 'Settings']);
    expect(visibleNavItems(mainNavItems, true).map((i) => i.label)).toEqual(['Accounts', 'Settings']);
  });

  it('shows everything to everyone else', () => {
    expect(visibleNavItems(withLink, false)).toEqual(withLink);
    expect(visibleNavItems(mainNavItems, false).map((i) => i.label)).toEqual([
      'Accounts',
      'Profiles',
      'Link Accounts',
      'Settings',
    ]);
  });

  it('matches the path whatever the query or fragment', () => {
    expect(isHiddenWhenRestricted('/profiles?tab=members')).toBe(true);
    expect(isHiddenWhenRestricted('/link#start')).toBe(true);
    expect(isHiddenWhenRestricted('/link-accounts')).toBe(false);
  });
});
