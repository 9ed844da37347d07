import { describe, expect, it } from 'vitest';
import { institutionAndMask, lastRefreshLabel, nameWithMask } from './account-format.ts';

describe('account labels', () => {
  it('names the bank and the masked number', () => {
    expect(institutionAndMask({ institution_name: 'First Platypus Bank', mask: '0000' })).toBe(
      'First Platypus Bank · ••0000',
    );
    expect(institutionAndMask({ institution_name: null, mask: null })).toBe('Unknown bank');
  });

  it('says when the balance was last refreshed', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(lastRefreshLabel(null, now)).toBe('Not refreshed yet');
    expect(lastRefreshLabel('2026-03-01T11:59:30Z', now)).toBe('Updated just now');
    expect(lastRefreshLabel('2026-03-01T11:55:00Z', now)).toBe('Updated 5 minutes ago');
    expect(lastRefreshLabel('2026-02-27T12:00:00Z', now)).toBe('Updated 2 days ago');
    expect(lastRefreshLabel('garbage', now)).toBe('Not refreshed yet');
  });
});

describe('nameWithMask', () => {
  it('adds the masked number when there is one', () => {
    expect(nameWithMask({ account_name: 'Plaid Checking', mask: '0000' })).toBe('Plaid Checking ••0000');
    expect(nameWithMask({ account_name: 'Plaid Checking', mask: null })).toBe('Plaid Checking');
    expect(nameWithMask({ account_name: 'Plaid Checking' })).toBe('Plaid Checking');
  });
});
