import type { SignInOutput } from 'aws-amplify/auth';
import { describe, expect, it } from 'vitest';
import { signInOutcome } from './sign-in.ts';

const output = (isSignedIn: boolean, signInStep: string) =>
  ({ isSignedIn, nextStep: { signInStep } }) as SignInOutput;

describe('signInOutcome', () => {
  it('is signed in when Cognito says so', () => {
    expect(signInOutcome(output(true, 'DONE'))).toEqual({ kind: 'signedIn' });
  });

  it('sends an unconfirmed user (Amplify returns CONFIRM_SIGN_UP rather than throwing) to verification', () => {
    expect(signInOutcome(output(false, 'CONFIRM_SIGN_UP'))).toEqual({ kind: 'confirmSignUp' });
  });

  it('asks for a password reset when Cognito requires one', () => {
    expect(signInOutcome(output(false, 'RESET_PASSWORD'))).toEqual({ kind: 'resetPassword' });
  });

  it('reports a challenge this slice does not handle', () => {
    expect(signInOutcome(output(false, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'))).toEqual({
      kind: 'unsupportedStep',
      step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
    });
  });
});
