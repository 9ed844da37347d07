// spec §5 allows passwords of 6 characters with no other rule; to make up for it a new password must not
// be one of the passwords seen most often in data breaches (docs/decisions.md, "Cognito's plan"). This
// module is what the browser needs (the message, the digest the sign-up form sends); the list itself is
// common-breached-passwords.ts, loaded only where the check runs.

/** The code the pre sign-up trigger's refusal carries, so the SPA can tell it from other failures. */
export const BREACHED_PASSWORD_CODE = 'breached_password';

/** The sign-up form's message (spec §5 and §8 style: what is wrong, then what to do). */
export const BREACHED_PASSWORD_MESSAGE =
  'This password is too common and has appeared in data breaches. Please choose a different password.';

/** Case and look-alike forms do not make a breached password safe: 'Password1' is 'password1'. */
export const breachCheckForm = (password: string): string => password.normalize('NFKC').toLowerCase();

/**
 * What the sign-up form hands the pre sign-up trigger instead of the password itself (Cognito passes
 * validation data on unencrypted): SHA-256 of breachCheckForm, lower-case hex. WebCrypto, so the browser
 * and Node compute it alike.
 */
export async function breachCheckDigest(password: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(breachCheckForm(password)),
  );
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
