// Two-factor authentication rules (spec §4 Two-factor, §7 send/verify-2fa-code-secure,
// §8 2FA messages, §9 2FA rate limit). Methods: the spec's SMS and e-mail codes, plus an authenticator
// app (TOTP, RFC 6238) and single-use recovery codes, because OWASP ASVS 5.0 (6.6.1) allows SMS only
// where a stronger method is offered.

export const TWO_FACTOR_METHODS = ['totp', 'email', 'sms'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];
/** Methods whose code the server sends (the spec's send-2fa-code-secure). */
export type SentCodeMethod = 'email' | 'sms';

/** spec §8, word for word. */
export const TWO_FACTOR_MESSAGES = {
  disabled: 'Two-factor authentication disabled',
  disableFailed: 'Failed to disable two-factor authentication',
  notAuthenticated: 'User not authenticated',
  tooManyAttempts: 'Too many verification attempts. Please wait 15 minutes before requesting another code.',
  sendFailed: 'Failed to send verification code',
  verifyFailed: 'Failed to verify code',
  invalidCode: 'Invalid verification code',
  network: "We couldn't reach the server. Please check your internet connection or try again shortly.",
} as const;

export const TWO_FACTOR_RULES = {
  codeDigits: 6,
  /** Minutes a sent code stays valid: e-mail 10, SMS 5 (a text is read at once; shorter limits reuse). */
  codeMinutes: { email: 10, sms: 5 } satisfies Record<SentCodeMethod, number>,
  /** Wrong tries after which a code is dead. */
  maxAttempts: 5,
  /** Sends allowed per window (spec §9: the message says 15 minutes). */
  sendLimit: 5,
  sendWindowMinutes: 15,
  /** Wrong codes (of any kind) per window before verification is refused for the window. */
  verifyLimit: 10,
  /** "Trust this device": how long the device skips the code step. */
  deviceTrustDays: 30,
  /** A verified sign-in's second-factor session: as long as Cognito's refresh token (30 days). */
  sessionDays: 30,
  recoveryCodes: 10,
  /** TOTP (RFC 6238): 30 s steps, 6 digits, SHA-1 (what every authenticator app reads), ±1 step. */
  totp: { period: 30, digits: 6, algorithm: 'SHA1', window: 1 },
} as const;

/** E.164: a plus, a country code and up to 15 digits in all. */
export function isE164(phone: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(phone);
}

/** The phone number as shown once stored: only the last two digits. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 2)}${'•'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-2)}`;
}

/** A recovery code as shown and typed: ten base32 letters and digits in two groups (`ab3de-fg7hk`). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

/** The form a recovery code is hashed in: lower case, no dash or spaces. */
export function normalizeRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[\s-]/g, '');
}

/** What the code step needs to know: is a code required for this session? */
export function secondFactorRequired(state: { enabled: boolean; sessionVerified: boolean }): boolean {
  return state.enabled && !state.sessionVerified;
}
