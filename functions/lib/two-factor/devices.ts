// Trusted devices (spec is_device_trusted_secure): trusting one after a code, a trusted device's token
// as a verified sign-in, and the list a person can revoke from.
import { randomUUID } from 'node:crypto';
import { TWO_FACTOR_RULES } from '../../../domain/two-factor.ts';
import type { Data } from '../data/index.ts';
import { logSecurityEvent } from '../security-events.ts';
import type { ApiEvent, Caller } from '../caller.ts';
import { issueSession, sessionOf } from './sessions.ts';
import {
  addMinutes,
  sameHash,
  sha256,
  token,
  ttlOf,
  twoFactorProfile,
  type TwoFactorDeps,
} from './shared.ts';

/** A short label for a trusted device, from its user agent ("Chrome on Linux"). */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${os}`;
}

export async function trustDevice(data: Data, userId: string, fingerprint: string, label: string, now: Date) {
  const deviceToken = token();
  const id = randomUUID();
  const expires = addMinutes(now, TWO_FACTOR_RULES.deviceTrustDays * 24 * 60);
  await data.trustedDevices
    .create({
      user_id: userId,
      id,
      token_hash: sha256(deviceToken),
      fingerprint_hash: sha256(fingerprint),
      label,
      last_used_at: now.toISOString(),
      expires_at: expires.toISOString(),
      ttl: ttlOf(expires),
    })
    .go();
  await logSecurityEvent(data, userId, 'trusted_device_added', { device_id: id, label });
  return { deviceToken, deviceId: id };
}

/** spec is_device_trusted_secure: a trusted device's token (and its fingerprint, recorded) → a verified sign-in. */
export async function checkDeviceTrust(
  deps: TwoFactorDeps,
  data: Data,
  caller: Caller,
  input: { deviceToken?: string | undefined; deviceFingerprint: string },
) {
  const now = deps.clock();
  const state = await twoFactorProfile(data, caller.userId);
  if (!state.enabled) return { trusted: false };
  if (!input.deviceToken) return { trusted: false };
  const { data: devices } = await data.trustedDevices.query
    .byUser({ user_id: caller.userId })
    .go({ pages: 'all' });
  const hash = sha256(input.deviceToken);
  const device = devices.find(
    (d) => d.is_active && sameHash(d.token_hash, hash) && Date.parse(d.expires_at) > now.getTime(),
  );
  if (!device) return { trusted: false };
  await data.trustedDevices
    .patch({ user_id: caller.userId, id: device.id })
    .set({ last_used_at: now.toISOString() })
    .go();
  const sessionToken = await issueSession(data, caller.userId, now, device.id);
  return {
    trusted: true,
    session_token: sessionToken,
    fingerprint_matches: device.fingerprint_hash === sha256(input.deviceFingerprint),
  };
}

export async function listDevices(deps: TwoFactorDeps, data: Data, caller: Caller, event: ApiEvent) {
  const now = deps.clock();
  const session = await sessionOf(data, event, caller, now);
  const { data: devices } = await data.trustedDevices.query
    .byUser({ user_id: caller.userId })
    .go({ pages: 'all' });
  return {
    devices: devices
      .filter((d) => d.is_active && Date.parse(d.expires_at) > now.getTime())
      .sort((a, b) => ((a.last_used_at ?? '') < (b.last_used_at ?? '') ? 1 : -1))
      .map((d) => ({
        id: d.id,
        label: d.label,
        trusted_at: d.trusted_at,
        last_used_at: d.last_used_at ?? null,
        expires_at: d.expires_at,
        current: session?.device_id === d.id,
      })),
  };
}

export async function revokeDevice(deps: TwoFactorDeps, data: Data, caller: Caller, deviceId: string) {
  const { data: device } = await data.trustedDevices.get({ user_id: caller.userId, id: deviceId }).go();
  if (!device || !device.is_active) return { revoked: false };
  await data.trustedDevices.patch({ user_id: caller.userId, id: deviceId }).set({ is_active: false }).go();
  await logSecurityEvent(data, caller.userId, 'trusted_device_revoked', {
    device_id: deviceId,
    label: device.label,
  });
  return { revoked: true };
}
