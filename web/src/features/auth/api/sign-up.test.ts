import { describe, expect, it, vi } from 'vitest';
import { signUpThrough } from './sign-up.ts';

const input = { email: 'pat@example.com', fullName: 'Pat Doe', password: 'secret1' };
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });
const created = { isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } } as never;

describe('signUpThrough', () => {
  it('makes a new account that waits for its code', async () => {
    const calls = { signUp: vi.fn().mockResolvedValue(created), resendSignUpCode: vi.fn() };
    await expect(signUpThrough(calls, input)).resolves.toEqual({ kind: 'confirmSignUp' });
    expect(calls.resendSignUpCode).not.toHaveBeenCalled();
  });

  it('sends a new code to an address that signed up before and never confirmed it', async () => {
    const calls = {
      signUp: vi.fn().mockRejectedValue(cognitoError('UsernameExistsException', 'User already exists')),
      resendSignUpCode: vi.fn().mockResolvedValue({}),
    };
    await expect(signUpThrough(calls, input)).resolves.toEqual({ kind: 'codeSentAgain' });
    expect(calls.resendSignUpCode).toHaveBeenCalledWith({ username: 'pat@example.com' });
  });

  it('keeps "already exists" for a confirmed account', async () => {
    const exists = cognitoError('UsernameExistsException', 'User already exists');
    const calls = {
      signUp: vi.fn().mockRejectedValue(exists),
      resendSignUpCode: vi
        .fn()
        .mockRejectedValue(cognitoError('InvalidParameterException', 'User is already confirmed.')),
    };
    await expect(signUpThrough(calls, input)).rejects.toBe(exists);
  });

  it('says why when the new code cannot be sent (too many codes)', async () => {
    const limit = cognitoError('LimitExceededException', 'Attempt limit exceeded');
    const calls = {
      signUp: vi.fn().mockRejectedValue(cognitoError('UsernameExistsException', 'User already exists')),
      resendSignUpCode: vi.fn().mockRejectedValue(limit),
    };
    await expect(signUpThrough(calls, input)).rejects.toBe(limit);
  });

  it('passes other sign-up failures through without sending anything', async () => {
    const weak = cognitoError('InvalidPasswordException', 'Password did not conform with policy');
    const calls = { signUp: vi.fn().mockRejectedValue(weak), resendSignUpCode: vi.fn() };
    await expect(signUpThrough(calls, input)).rejects.toBe(weak);
    expect(calls.resendSignUpCode).not.toHaveBeenCalled();
  });
});
