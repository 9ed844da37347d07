// Two-factor authentication on the server (spec §4 Two-factor, §7 send-2fa-code-secure,
// verify-2fa-code-secure, 2FA disable, is_device_trusted_secure; §8 messages).
//
// The mechanism (docs/two-factor.md): Cognito checks the password; a sign-in of a user with 2FA on then
// needs a **second-factor session**: a random 256-bit token the server issues once a code (or a trusted
// device's token) checks out, kept hashed, sent by the browser as `x-two-factor-session` with each call.
// Until a sign-in has one, `requireSecondFactor` (run by the HTTP layer before every route that is not
// part of the code step) refuses the call with 403 `two_factor_required`.
export { SESSION_HEADER } from './two-factor/shared.ts';
export { signInBinding } from './two-factor/shared.ts';
export { twoFactorProfile } from './two-factor/shared.ts';
export { requireSecondFactor } from './two-factor/sessions.ts';
export { deviceLabel } from './two-factor/devices.ts';
export type { SendInput } from './two-factor/codes.ts';
export { sendCode } from './two-factor/codes.ts';
export { startTotpSetup } from './two-factor/totp.ts';
export type { VerifyInput } from './two-factor/verify.ts';
export { verifyCode } from './two-factor/verify.ts';
export { checkDeviceTrust } from './two-factor/devices.ts';
export { confirmFreshCode } from './two-factor/verify.ts';
export { disableTwoFactor } from './two-factor/verify.ts';
export { twoFactorStatus } from './two-factor/verify.ts';
export { listDevices } from './two-factor/devices.ts';
export { revokeDevice } from './two-factor/devices.ts';
export { endSession } from './two-factor/sessions.ts';
