import { describe, expect, it } from 'vitest';
import { lastRefreshLabel } from './refresh-label.ts';

describe('lastRefreshLabel', () => {
  it('says when the balance was last refreshed', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(lastRefreshLabel(null, now)).toBe('Not refreshed yet');
    expect(lastRefreshLabel('2026-03-01T11:59:30Z', now)).toBe('Updated just now');
    expect(lastRefreshLabel('2026-03-01T11:55:00Z', now)).toBe('Updated 5 minutes ago');
    expect(lastRefreshLabel('2026-02-27T12:00:00Z', now)).toBe('Updated 2 days ago');
    expect(lastRefreshLabel('garbage', now)).toBe('Not refreshed yet');
  });
});
