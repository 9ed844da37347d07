// Authenticator apps (TOTP) and recovery codes: setup with a pending secret, checking a code once per
// time step, and single-use recovery codes.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '../../../domain/brand.ts';
import { normalizeRecoveryCode, TWO_FACTOR_RULES } from '../../../domain/two-factor.ts';
import type { Data } from '../data/index.ts';
import { logSecurityEvent } from '../security-events.ts';
import type { Caller } from '../caller.ts';
import { sameHash, sha256, twoFactorProfile, type TwoFactorDeps } from './shared.ts';

export function totpOf(secretBase32: string, label: string) {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: TWO_FACTOR_RULES.totp.algorithm,
    digits: TWO_FACTOR_RULES.totp.digits,
    period: TWO_FACTOR_RULES.totp.period,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The step of a valid code (its time counter), or null. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32, 'x').validate({
    token: code,
    timestamp: now.getTime(),
    window: TWO_FACTOR_RULES.totp.window,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TWO_FACTOR_RULES.totp.period) + delta;
}

export const cipherContext = (userId: string) => ({ item_id: `totp:${userId}` });

/** Starts authenticator-app setup: a new secret, kept pending until its first code is verified. */
export async function startTotpSetup(deps: TwoFactorDeps, data: Data, caller: Caller) {
  const secret = new Secret({ size: 20 }).base32;
  const { data: existing } = await data.twoFactorSecrets.get({ user_id: caller.userId }).go();
  await data.twoFactorSecrets
    .upsert({
      user_id: caller.userId,
      ...(existing ?? {}),
      pending_totp_ciphertext: await deps.tokenCipher.encrypt(secret, cipherContext(caller.userId)),
    })
    .go();
  const state = await twoFactorProfile(data, caller.userId);
  const uri = totpOf(secret, state.email ?? caller.email).toString();
  return { secret, otpauth_uri: uri };
}

export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: TWO_FACTOR_RULES.recoveryCodes }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const recoveryHash = (userId: string, code: string) =>
  sha256(`recovery:${userId}:${normalizeRecoveryCode(code)}`);

export async function useRecoveryCode(data: Data, userId: string, code: string): Promise<boolean> {
  const { data: secret } = await data.twoFactorSecrets.get({ user_id: userId }).go();
  const hashes = secret?.recovery_hashes ?? [];
  const hash = recoveryHash(userId, code);
  const index = hashes.findIndex((h) => sameHash(h, hash));
  if (index < 0) return false;
  const remaining = hashes.filter((_, i) => i !== index);
  try {
    // Single use: only the write that still sees the code removes it.
    await data.twoFactorSecrets
      .patch({ user_id: userId })
      .set({ recovery_hashes: remaining })
      .where((attr, op) => op.contains(attr.recovery_hashes, hash))
      .go();
  } catch {
    return false;
  }
  await logSecurityEvent(
    data,
    userId,
    'two_factor_recovery_code_used',
    { remaining: remaining.length },
    'WARN',
  );
  return true;
}

/** Checks an authenticator code against the active (or pending) secret; a code's step is used once. */
export async function checkTotp(
  deps: TwoFactorDeps,
  data: Data,
  userId: string,
  code: string,
  now: Date,
  pending: boolean,
) {
  const { data: secret } = await data.twoFactorSecrets.get({ user_id: userId }).go();
  const ciphertext = pending ? secret?.pending_totp_ciphertext : secret?.totp_ciphertext;
  if (!ciphertext) return false;
  const base32 = await deps.tokenCipher.decrypt(ciphertext, cipherContext(userId));
  const step = totpStep(base32, code, now);
  if (step === null) return false;
  // Single use: a code's time step is accepted once (a replayed code within its window is refused).
  const lastStep = secret?.totp_last_step ?? -1;
  if (step <= lastStep) return false;
  try {
    await data.twoFactorSecrets
      .patch({ user_id: userId })
      .set({ totp_last_step: step })
      .where((attr, op) =>
        lastStep < 0 ? op.notExists(attr.totp_last_step) : op.eq(attr.totp_last_step, lastStep),
      )
      .go();
  } catch {
    return false;
  }
  return true;
}
