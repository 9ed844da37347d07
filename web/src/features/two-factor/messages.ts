// What a failed two-factor call tells the person (spec §8's 2FA messages).
import { TWO_FACTOR_MESSAGES } from '@domain/two-factor.ts';
import { ApiError } from '../../lib/api-client.ts';

export function twoFactorErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return TWO_FACTOR_MESSAGES.network;
    if (error.status === 429) return TWO_FACTOR_MESSAGES.tooManyAttempts;
    if (error.status === 400 && error.issues.some((i) => i.field === 'code'))
      return TWO_FACTOR_MESSAGES.invalidCode;
    if (error.status === 400) return error.message;
  }
  return fallback;
}
