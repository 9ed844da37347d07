import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { breachCheckDigest } from '../../domain/breached-passwords.ts';
import { handler } from './handler.ts';

const event = (validationData: Record<string, string> | undefined) =>
  ({
    version: '1',
    triggerSource: 'PreSignUp_SignUp',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'someone',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: { userAttributes: { email: 'a@example.com' }, validationData },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  }) as PreSignUpTriggerEvent;

describe('the pre sign-up trigger', () => {
  it('refuses the digest of a common breached password with the code and message', async () => {
    await expect(handler(event({ password_sha256: await breachCheckDigest('Iloveyou1') }))).rejects.toThrow(
      'breached_password: This password is too common and has appeared in data breaches. Please choose a different password.',
    );
  });

  it('lets a strong password and a sign-up without the digest through unchanged', async () => {
    const strong = event({ password_sha256: await breachCheckDigest('tallywise-orchid-lantern') });
    expect(await handler(strong)).toBe(strong);
    const bare = event(undefined);
    expect(await handler(bare)).toBe(bare);
  });
});
