// The two-factor state every screen may need: whether it is on and by which method, and
// sending a code by e-mail or text (spec §7 send-2fa-code-secure, through the one function-call layer).
// The /settings security section (features/two-factor) and the account deletion (features/settings) use it.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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

/** Whether this sign-in may call the API: two-factor authentication is off, or its code was given. */
export const secondFactorPassed = (status: TwoFactorStatus): boolean =>
  !status.enabled || status.session_verified;

/**
 * For what runs above the second-factor gate (the profile list, the realtime connection): true once the
 * signed-in user's sign-in has passed its second factor, or when its status cannot be read (the server
 * still refuses what it must). Until then the API answers every call 403 `two_factor_required`, and a
 * call made then would only put that refusal in the cache.
 */
export function useSecondFactorPassed(userId: string | null): boolean {
  const status = useQuery({ ...twoFactorStatusQuery(userId ?? ''), enabled: userId !== null });
  if (userId === null) return false;
  if (status.data) return secondFactorPassed(status.data);
  return status.isError;
}

const refusedForSecondFactor = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'two_factor_required';

/**
 * Once the second factor is given: every query the API refused for want of it goes back to its first
 * load, and those on screen ask again, so no screen keeps showing the refusal ('Your session has
 * expired…') next to the data it can now read.
 */
export function resetQueriesRefusedForSecondFactor(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({
    predicate: (query) => query.state.status === 'error' && refusedForSecondFactor(query.state.error),
  });
}

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
