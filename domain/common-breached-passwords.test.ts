import { describe, expect, it } from 'vitest';
import { breachCheckDigest, breachCheckForm } from './breached-passwords.ts';
import { commonBreachedPasswords, isCommonBreachedPassword } from './common-breached-passwords.ts';
import { createHash } from 'node:crypto';

describe('the common breached password check (spec §5 compensation)', () => {
  it('refuses the passwords breaches show most, of at least the 6 characters spec §5 allows', () => {
    for (const password of ['123456', 'password', 'qwerty123', 'iloveyou', 'secret1', 'football'])
      expect(isCommonBreachedPassword(password)).toBe(true);
  });

  it('refuses them whatever their case or Unicode form', () => {
    expect(isCommonBreachedPassword('Password1')).toBe(true);
    expect(isCommonBreachedPassword('PASSWORD1')).toBe(true);
    expect(isCommonBreachedPassword('ｐａｓｓｗｏｒｄ１')).toBe(true);
  });

  it('accepts a password not on the list', () => {
    expect(isCommonBreachedPassword('tallywise-orchid-lantern')).toBe(false);
    expect(isCommonBreachedPassword('password1 with more after it')).toBe(false);
  });

  it('bundles tens of thousands of passwords', () => {
    expect(commonBreachedPasswords().size).toBeGreaterThan(40_000);
  });

  it("digests the password's check form with SHA-256, as the trigger digests the list", async () => {
    expect(await breachCheckDigest('Password1')).toBe(
      createHash('sha256').update(breachCheckForm('password1')).digest('hex'),
    );
    expect(await breachCheckDigest('PASSWORD1')).toBe(await breachCheckDigest('password1'));
  });
});
