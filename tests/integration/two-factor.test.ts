// Two-factor authentication enforced by the server, through the local gateway against
// DynamoDB Local and the outbox: authenticator-app setup and sign-in codes (each used once), recovery
// codes (each used once), e-mail codes (bound to the sign-in, expiring, 5 sends per 15 minutes with
// spec §8's message), trusted devices, a password-only sign-in refused by every profile-scoped route,
// disable per spec §4, and bad input refused with nothing changed.
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../functions/lib/ports/email.ts';
import { api, directData, signUpAndSignIn, type TestUser } from './helpers.ts';

const FINGERPRINT = 'fp-0123456789abcdef';
const TOO_MANY = 'Too many verification attempts. Please wait 15 minutes before requesting another code.';

const totpAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

async function call<T = Record<string, unknown>>(
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
  session?: string,
) {
  return api<T>(method, path, {
    token: user.idToken,
    ...(body === undefined ? {} : { body }),
    ...(session ? { headers: { 'x-two-factor-session': session } } : {}),
  });
}

async function latestCodeTo(address: string): Promise<string> {
  const { body } = await api<OutboxMessage[]>('GET', '/__outbox');
  const message = body
    .filter((m) => m.to === address && m.kind === 'two_factor_code')
    .sort((a, b) => (a.sentAt < b.sentAt ? -1 : 1))
    .at(-1);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${address}`);
  return code;
}

describe('authenticator app (TOTP) and recovery codes', () => {
  let user: TestUser;
  let secret: string;
  let session: string;
  let deviceToken: string;
  let recovery: string[];

  beforeAll(async () => {
    user = await signUpAndSignIn('Tess Totp');
    expect((await call(user, 'GET', '/profiles/me')).status).toBe(200);
  });

  it('starts off, and a setup needs a right code from the shown secret', async () => {
    expect((await call(user, 'GET', '/two-factor')).body).toMatchObject({
      enabled: false,
      session_verified: true,
    });
    const setup = await call<{ secret: string; otpauth_uri: string }>(user, 'POST', '/two-factor/totp', {});
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(setup.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Tallywise:/);
    const wrongCode = String((Number(totpAt(secret, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code: wrongCode,
      codeType: 'setup',
      method: 'totp',
      deviceFingerprint: FINGERPRINT,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Invalid verification code' });
    expect((await call(user, 'GET', '/two-factor')).body).toMatchObject({ enabled: false });

    const right = await call<{ recovery_codes: string[]; session_token: string; device_token: string }>(
      user,
      'POST',
      '/functions/verify-2fa-code-secure',
      { code: totpAt(secret, Date.now()), codeType: 'setup', method: 'totp', deviceFingerprint: FINGERPRINT },
    );
    expect(right.status).toBe(200);
    recovery = right.body.recovery_codes;
    session = right.body.session_token;
    deviceToken = right.body.device_token;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(session).toMatch(/^[\w-]{40,}$/);
    // Setup always trusts the device (spec §4): one device listed.
    const devices = await call<{ devices: Array<{ current: boolean }> }>(
      user,
      'GET',
      '/two-factor/devices',
      undefined,
      session,
    );
    expect(devices.body.devices).toHaveLength(1);
    expect(devices.body.devices[0]?.current).toBe(true);
  });

  it('refuses every profile-scoped call of a sign-in without the second factor, and lets the code step through', async () => {
    for (const [method, path] of [
      ['GET', '/profiles/me'],
      ['GET', '/financial-profiles'],
      ['GET', '/accounts'],
      ['GET', '/two-factor/devices'],
      ['POST', '/functions/get-financial-accounts'],
    ] as const) {
      const refused = await call(user, method, path, method === 'POST' ? {} : undefined);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toMatchObject({ code: 'two_factor_required' });
    }
    // A made-up session is no better.
    expect((await call(user, 'GET', '/profiles/me', undefined, 'x'.repeat(43))).status).toBe(403);
    // The code step answers, and says the sign-in is not verified.
    expect((await call(user, 'GET', '/two-factor')).body).toMatchObject({
      enabled: true,
      method: 'totp',
      session_verified: false,
      recovery_codes_left: 10,
    });
    expect((await call(user, 'GET', '/profiles/me', undefined, session)).status).toBe(200);
  });

  it('accepts an authenticator code once: the same code again is refused', async () => {
    const code = totpAt(secret, Date.now() + 30_000);
    const first = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code,
      codeType: 'login',
      deviceFingerprint: FINGERPRINT,
    });
    expect(first.status).toBe(200);
    const again = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code,
      codeType: 'login',
      deviceFingerprint: FINGERPRINT,
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: 'Invalid verification code' });
  });

  it('accepts each recovery code once', async () => {
    const code = (recovery[3] as string).toUpperCase();
    const first = await call<{ session_token: string }>(user, 'POST', '/functions/verify-2fa-code-secure', {
      code,
      codeType: 'login',
      deviceFingerprint: FINGERPRINT,
    });
    expect(first.status).toBe(200);
    expect((await call(user, 'GET', '/profiles/me', undefined, first.body.session_token)).status).toBe(200);
    const again = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code,
      codeType: 'login',
      deviceFingerprint: FINGERPRINT,
    });
    expect(again.status).toBe(400);
    expect((await call(user, 'GET', '/two-factor', undefined, session)).body).toMatchObject({
      recovery_codes_left: 9,
    });
  });

  it('lets a trusted device skip the code until it is revoked', async () => {
    const trusted = await call<{ trusted: boolean; session_token: string }>(
      user,
      'POST',
      '/two-factor/device-trust',
      {
        p_device_fingerprint: FINGERPRINT,
        device_token: deviceToken,
      },
    );
    expect(trusted.body.trusted).toBe(true);
    expect((await call(user, 'GET', '/profiles/me', undefined, trusted.body.session_token)).status).toBe(200);
    // A fingerprint alone is never trusted.
    const fingerprintOnly = await call(user, 'POST', '/two-factor/device-trust', {
      p_device_fingerprint: FINGERPRINT,
    });
    expect(fingerprintOnly.body).toEqual({ trusted: false });

    const { body } = await call<{ devices: Array<{ id: string }> }>(
      user,
      'GET',
      '/two-factor/devices',
      undefined,
      session,
    );
    const revoked = await call(
      user,
      'DELETE',
      `/two-factor/devices/${body.devices[0]?.id}`,
      undefined,
      session,
    );
    expect(revoked.body).toEqual({ revoked: true });
    const after = await call(user, 'POST', '/two-factor/device-trust', {
      p_device_fingerprint: FINGERPRINT,
      device_token: deviceToken,
    });
    expect(after.body).toEqual({ trusted: false });
  });

  it('disables only with a right code, as spec §4 says: method cleared, devices off, a security event', async () => {
    const wrong = await call(user, 'POST', '/two-factor/disable', { code: '000000' }, session);
    expect(wrong.status).toBe(400);
    // A recovery code is a fresh code too (the authenticator's current step is already used).
    const disabled = await call(user, 'POST', '/two-factor/disable', { code: recovery[5] }, session);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ message: 'Two-factor authentication disabled' });
    const { data: profile } = await directData().profiles.get({ id: user.userId }).go();
    expect(profile?.two_factor_enabled).toBe(false);
    expect(profile?.two_factor_method).toBeUndefined();
    const { data: devices } = await directData().trustedDevices.query.byUser({ user_id: user.userId }).go();
    expect(devices.every((d) => !d.is_active)).toBe(true);
    const { data: events } = await directData().securityEvents.query.byUser({ user_id: user.userId }).go();
    expect(events.map((e) => e.event_type)).toEqual(
      expect.arrayContaining(['two_factor_enabled', 'two_factor_disabled', 'two_factor_recovery_code_used']),
    );
    // Without 2FA, a password sign-in reaches everything again.
    expect((await call(user, 'GET', '/profiles/me')).status).toBe(200);
  });
});

describe('an account with no financial profile yet', () => {
  it('turns on the authenticator app like any other', async () => {
    const user = await signUpAndSignIn('Nora Noprofile');
    const setup = await call<{ secret: string }>(user, 'POST', '/two-factor/totp', {});
    expect(setup.status).toBe(200);
    const right = await call<{ recovery_codes: string[] }>(
      user,
      'POST',
      '/functions/verify-2fa-code-secure',
      {
        code: totpAt(setup.body.secret, Date.now()),
        codeType: 'setup',
        method: 'totp',
        deviceFingerprint: FINGERPRINT,
      },
    );
    expect(right.status).toBe(200);
    expect(right.body.recovery_codes).toHaveLength(10);
    expect((await call(user, 'GET', '/two-factor')).body).toMatchObject({ enabled: true, method: 'totp' });
  });
});

describe('e-mail codes', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpAndSignIn('Eve Email');
    await call(user, 'GET', '/profiles/me');
  });

  it('sets up by a code e-mailed to the account, then signs in with a login code used once', async () => {
    const sent = await call(user, 'POST', '/functions/send-2fa-code-secure', {
      method: 'email',
      codeType: 'setup',
    });
    expect(sent.status).toBe(200);
    const setup = await call<{ session_token: string }>(user, 'POST', '/functions/verify-2fa-code-secure', {
      code: await latestCodeTo(user.email),
      codeType: 'setup',
      deviceFingerprint: FINGERPRINT,
    });
    expect(setup.body).toMatchObject({ success: true, method: 'email' });
    expect((await call(user, 'GET', '/two-factor')).body).toMatchObject({ enabled: true, method: 'email' });

    // A login code, whatever the body asks for, goes to the account's e-mail.
    expect(
      (await call(user, 'POST', '/functions/send-2fa-code-secure', { method: 'sms', codeType: 'login' }))
        .body,
    ).toMatchObject({ method: 'email' });
    const code = await latestCodeTo(user.email);
    const wrong = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code: code === '999999' ? '999998' : '999999',
      codeType: 'login',
      deviceFingerprint: FINGERPRINT,
    });
    expect(wrong.body).toMatchObject({ message: 'Invalid verification code' });
    const right = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code,
      codeType: 'login',
      deviceFingerprint: FINGERPRINT,
    });
    expect(right.status).toBe(200);
    const reused = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code,
      codeType: 'login',
      deviceFingerprint: FINGERPRINT,
    });
    expect(reused.status).toBe(400);
  });

  it('refuses an expired code', async () => {
    // A code stored as the server stores it, but expired a minute ago.
    const id = 'expired-code-id';
    const binding = (
      await directData().verificationCodes.query.byUser({ user_id: user.userId }).go()
    ).data.at(-1)?.binding;
    await directData()
      .verificationCodes.create({
        user_id: user.userId,
        id,
        code_hash: createHash('sha256').update(`${id}:424242`).digest('hex'),
        code_type: 'login',
        method: 'email',
        binding,
        expires_at: new Date(Date.now() - 60_000).toISOString(),
        ttl: Math.floor(Date.now() / 1000) + 3600,
        created_at: new Date().toISOString(),
      })
      .go();
    const expired = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code: '424242',
      codeType: 'login',
      deviceFingerprint: FINGERPRINT,
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ message: 'Invalid verification code' });
  });

  it("stops after 5 sends in 15 minutes with spec §8's message", async () => {
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 6; i += 1) {
      const response = await call(user, 'POST', '/functions/send-2fa-code-secure', {
        method: 'email',
        codeType: 'login',
      });
      statuses.push(response.status);
      last = response.body;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(last).toMatchObject({ message: TOO_MANY });
  });
});

describe('bad input', () => {
  it('refuses a phone number not in E.164, another user’s id and unknown fields, changing nothing', async () => {
    const user = await signUpAndSignIn('Bad Input');
    await call(user, 'GET', '/profiles/me');
    const phone = await call(user, 'POST', '/functions/send-2fa-code-secure', {
      method: 'sms',
      codeType: 'setup',
      phoneNumber: '415-555-0123',
    });
    expect(phone.status).toBe(400);
    expect(JSON.stringify(phone.body)).toContain('phoneNumber');
    const other = await call(user, 'POST', '/functions/send-2fa-code-secure', {
      userId: '00000000-0000-0000-0000-000000000000',
      method: 'email',
      codeType: 'setup',
    });
    expect(other.status).toBe(403);
    const unknown = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code: '123456',
      codeType: 'setup',
      deviceFingerprint: FINGERPRINT,
      isAdmin: true,
    });
    expect(unknown.status).toBe(400);
    const notACode = await call(user, 'POST', '/functions/verify-2fa-code-secure', {
      code: '12',
      codeType: 'setup',
      deviceFingerprint: FINGERPRINT,
    });
    expect(notACode.status).toBe(400);
    expect(JSON.stringify(notACode.body)).toContain('code');
    const { data: codes } = await directData().verificationCodes.query.byUser({ user_id: user.userId }).go();
    expect(codes).toEqual([]);
    expect((await call(user, 'GET', '/two-factor')).body).toMatchObject({ enabled: false });
  });
});
