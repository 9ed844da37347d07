import { describe, expect, it } from 'vitest';
import { noticePageFor } from './notice-page.ts';

describe('notice page keys (spec §2)', () => {
  it('maps routes to target pages, anything else to all', () => {
    expect(noticePageFor('/accounts')).toBe('accounts');
    expect(noticePageFor('/accounts/acc-1')).toBe('accounts');
    expect(noticePageFor('/coach')).toBe('money-coach');
    expect(noticePageFor('/calendar')).toBe('calendar');
    expect(noticePageFor('/profiles')).toBe('profiles');
    expect(noticePageFor('/settings')).toBe('settings');
    expect(noticePageFor('/help')).toBe('help');
    expect(noticePageFor('/link')).toBe('all');
  });
});
