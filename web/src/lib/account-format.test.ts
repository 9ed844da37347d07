import { describe, expect, it } from 'vitest';
import { institutionAndMask, nameWithMask } from './account-format.ts';

describe('account labels', () => {
  it('names the bank and the masked number', () => {
    expect(institutionAndMask({ institution_name: 'First Platypus Bank', mask: '0000' })).toBe(
      'First Platypus Bank · ••0000',
    );
    expect(institutionAndMask({ institution_name: null, mask: null })).toBe('Unknown bank');
  });
});

describe('nameWithMask', () => {
  it('adds the masked number when there is one', () => {
    expect(nameWithMask({ account_name: 'Plaid Checking', mask: '0000' })).toBe('Plaid Checking ••0000');
    expect(nameWithMask({ account_name: 'Plaid Checking', mask: null })).toBe('Plaid Checking');
    expect(nameWithMask({ account_name: 'Plaid Checking' })).toBe('Plaid Checking');
  });
});
