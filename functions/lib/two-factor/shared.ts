// What the two-factor modules share: the session header, hashing and tokens, the sign-in a code is bound
// to, the invalid-code error and a user's 2FA state (docs/two-factor.md).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../../../domain/errors.ts';
import { TWO_FACTOR_MESSAGES, type TwoFactorMethod } from '../../../domain/two-factor.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import type { ApiEvent, Caller } from '../caller.ts';

export type TwoFactorDeps = Pick<Deps, 'clock' | 'email' | 'sms' | 'tokenCipher' | 'logger'>;

export const SESSION_HEADER = 'x-two-factor-session';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const token = () => randomBytes(32).toString('base64url');
export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
export const ttlOf = (date: Date) => Math.floor(date.getTime() / 1000) + 86_400;

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

export function header(event: ApiEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/**
 * The sign-in a code belongs to: Cognito's event id of the sign-in (or its auth time), hashed. A code sent
 * for one sign-in does not complete another.
 */
export function signInBinding(event: ApiEvent, caller: Caller): string {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const id = claims.origin_jti ?? claims.event_id ?? claims.auth_time ?? '';
  return sha256(`${caller.userId}:${String(id)}`);
}

/** A wrong, expired or used code: 400 naming the field, with spec §8's message as the message. */
export class InvalidCodeError extends ValidationError {
  constructor() {
    super([{ field: 'code', message: TWO_FACTOR_MESSAGES.invalidCode }]);
    this.message = TWO_FACTOR_MESSAGES.invalidCode;
  }
}
export const invalidCode = () => new InvalidCodeError();

export async function twoFactorProfile(data: Data, userId: string) {
  const { data: profile } = await data.profiles.get({ id: userId }).go();
  return {
    enabled: profile?.two_factor_enabled ?? false,
    method: (profile?.two_factor_method ?? null) as TwoFactorMethod | null,
    phone: profile?.two_factor_phone_number ?? null,
    email: profile?.email ?? null,
  };
}
