import { describe, expect, it } from 'vitest';
import {
  isE164,
  maskPhone,
  normalizeRecoveryCode,
  RECOVERY_CODE_PATTERN,
  secondFactorRequired,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_RULES,
} from './two-factor.ts';

describe('two-factor rules', () => {
  it('accepts only E.164 phone numbers', () => {
    expect(isE164('+14155550123')).toBe(true);
    expect(isE164('+442071838750')).toBe(true);
    for (const bad of ['4155550123', '+0123456789', '+1 415 555 0123', '+1415555012345678', '+1-415', ''])
      expect(isE164(bad)).toBe(false);
  });

  it('masks a phone number to its last two digits', () => {
    expect(maskPhone('+14155550123')).toBe('+1••••••••23');
  });

  it('normalizes recovery codes as typed', () => {
    expect(normalizeRecoveryCode(' AB3DE-FG7HK ')).toBe('ab3defg7hk');
    expect(RECOVERY_CODE_PATTERN.test('ab3de-fg7hk')).toBe(true);
    expect(RECOVERY_CODE_PATTERN.test('ab3defg7hk')).toBe(true);
    expect(RECOVERY_CODE_PATTERN.test('123456')).toBe(false);
  });

  it('requires the code step only when 2FA is on and the session is not yet verified', () => {
    expect(secondFactorRequired({ enabled: true, sessionVerified: false })).toBe(true);
    expect(secondFactorRequired({ enabled: true, sessionVerified: true })).toBe(false);
    expect(secondFactorRequired({ enabled: false, sessionVerified: false })).toBe(false);
  });

  it("keeps spec §8's messages and §9's 15-minute limit", () => {
    expect(TWO_FACTOR_MESSAGES.tooManyAttempts).toBe(
      'Too many verification attempts. Please wait 15 minutes before requesting another code.',
    );
    expect(TWO_FACTOR_MESSAGES.invalidCode).toBe('Invalid verification code');
    expect(TWO_FACTOR_RULES.sendWindowMinutes).toBe(15);
    expect(TWO_FACTOR_RULES.codeMinutes).toEqual({ email: 10, sms: 5 });
  });
});
