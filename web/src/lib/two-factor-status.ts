// The two-factor state every screen may need (issue 15 item 2): whether it is on and by which method, and
// sending a code by e-mail or text (spec §7 send-2fa-code-secure, through the one function-call layer).
// The /settings security section (features/two-factor) and the account deletion (features/settings) use it.
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { invokeFunction } from './invoke-function.ts';

export type TwoFactorMethod = 'totp' | 'email' | 'sms';

export interface TwoFactorStatus {
  enabled: boolean;
  method: TwoFactorMethod | null;
  phone: string | null;
  session_verified: boolean;
  recovery_codes_left: number;
}

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: (userId: string) => ['two-factor', 'status', userId] as const,
  devices: (userId: string) => ['two-factor', 'devices', userId] as const,
};

export const twoFactorStatusQuery = (userId: string) =>
  queryOptions({
    queryKey: twoFactorKeys.status(userId),
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/two-factor', { signal }),
    staleTime: 60_000,
  });

export function sendCode(input: {
  method: 'email' | 'sms';
  codeType: 'setup' | 'login';
  phoneNumber?: string;
}) {
  return invokeFunction<{ success: boolean; method: string; destination: string }>(
    'send-2fa-code-secure',
    input,
    {
      share: false,
      retry: false,
    },
  );
}
