// The two-factor resource (spec §7 2FA disable and is_device_trusted_secure): the
// caller's status (answered during the code step), authenticator-app setup, disable with a fresh code,
// the trusted-device check that lets a trusted browser skip the code, the trusted devices (listed and
// revoked one by one), and ending the sign-in's second-factor session at sign-out.
import { z } from 'zod';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import {
  checkDeviceTrust,
  disableTwoFactor,
  endSession,
  listDevices,
  revokeDevice,
  startTotpSetup,
  twoFactorStatus,
} from '../lib/two-factor.ts';

const code = z
  .string()
  .trim()
  .regex(/^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/, 'must be a 6-digit code or a recovery code');

export const handler = httpHandler('two-factor', {
  'GET /two-factor': route({
    run: ({ caller, deps, event }) => twoFactorStatus(deps, dataFor(deps), caller, event),
  }),
  'POST /two-factor/totp': route({
    body: z.strictObject({}),
    run: ({ caller, deps }) => startTotpSetup(deps, dataFor(deps), caller),
  }),
  'POST /two-factor/disable': route({
    body: z.strictObject({ userId: z.string().max(128).optional(), code }),
    run: ({ caller, deps, body, event }) => disableTwoFactor(deps, dataFor(deps), caller, event, body.code),
  }),
  'POST /two-factor/device-trust': route({
    body: z.strictObject({
      p_user_id: z.string().max(128).optional(),
      p_device_fingerprint: z.string().min(8).max(256),
      device_token: z.string().min(16).max(100).optional(),
    }),
    run: ({ caller, deps, body }) =>
      checkDeviceTrust(deps, dataFor(deps), caller, {
        deviceToken: body.device_token,
        deviceFingerprint: body.p_device_fingerprint,
      }),
  }),
  'GET /two-factor/devices': route({
    run: ({ caller, deps, event }) => listDevices(deps, dataFor(deps), caller, event),
  }),
  'DELETE /two-factor/devices/{deviceId}': route({
    path: z.object({ deviceId: z.string().min(1).max(64) }),
    run: ({ caller, deps, path }) => revokeDevice(deps, dataFor(deps), caller, path.deviceId),
  }),
  'DELETE /two-factor/session': route({
    run: async ({ caller, deps, event }) => {
      await endSession(dataFor(deps), caller, event, deps.clock());
    },
  }),
});
