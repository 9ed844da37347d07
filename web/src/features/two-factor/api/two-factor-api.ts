// The two-factor calls: the resource under /two-factor and spec §7's
// send-2fa-code-secure and verify-2fa-code-secure functions (through the one function-call layer).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invokeFunction } from '../../../lib/invoke-function.ts';
import { saveDeviceToken, saveSecondFactorSession } from '../../../lib/second-factor-store.ts';
import { deviceFingerprint } from '../fingerprint.ts';

export {
  sendCode,
  twoFactorKeys,
  twoFactorStatusQuery,
  type TwoFactorMethod,
  type TwoFactorStatus,
} from '../../../lib/two-factor-status.ts';
import { twoFactorKeys, type TwoFactorMethod } from '../../../lib/two-factor-status.ts';

export interface TrustedDevice {
  id: string;
  label: string;
  trusted_at: string;
  last_used_at: string | null;
  expires_at: string;
  current: boolean;
}

export const trustedDevicesQuery = (userId: string) =>
  queryOptions({
    queryKey: twoFactorKeys.devices(userId),
    queryFn: ({ signal }) => api.get<{ devices: TrustedDevice[] }>('/two-factor/devices', { signal }),
  });

interface VerifyAnswer {
  success: boolean;
  session_token: string;
  device_token?: string;
  recovery_codes?: string[];
  method?: TwoFactorMethod;
}

/** Verifies a code; on success keeps the sign-in's session (and the device's token when trusted). */
export async function verifyCode(
  userId: string,
  input: { code: string; codeType: 'setup' | 'login'; trustDevice: boolean; method?: TwoFactorMethod },
): Promise<VerifyAnswer> {
  const answer = await invokeFunction<VerifyAnswer>(
    'verify-2fa-code-secure',
    { ...input, code: input.code.trim(), deviceFingerprint: await deviceFingerprint() },
    { share: false, retry: false },
  );
  saveSecondFactorSession(userId, answer.session_token);
  if (answer.device_token) saveDeviceToken(userId, answer.device_token);
  return answer;
}

/** spec is_device_trusted_secure: a trusted browser skips the code step. */
export async function checkTrustedDevice(userId: string, deviceToken: string): Promise<boolean> {
  const answer = await api.post<{ trusted: boolean; session_token?: string }>('/two-factor/device-trust', {
    p_device_fingerprint: await deviceFingerprint(),
    device_token: deviceToken,
  });
  if (answer.trusted && answer.session_token) saveSecondFactorSession(userId, answer.session_token);
  return answer.trusted;
}

export const startTotpSetup = () => api.post<{ secret: string; otpauth_uri: string }>('/two-factor/totp', {});

export const disableTwoFactor = (code: string) =>
  api.post<{ success: boolean; message: string }>('/two-factor/disable', { code: code.trim() });

export const revokeDevice = (id: string) =>
  api.delete<{ revoked: boolean }>(`/two-factor/devices/${encodeURIComponent(id)}`);

/** Sign-out: the server forgets this sign-in's second-factor session (best effort). */
export const endSecondFactorSession = () => api.delete<void>('/two-factor/session').catch(() => undefined);
