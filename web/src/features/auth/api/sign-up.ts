// Account creation (spec §2 Signup, 'Create your account'): e-mail, full name, password.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { authValidation } from '@domain/auth-messages.ts';
import { breachCheckDigest } from '@domain/breached-passwords.ts';
import { loadAmplify, type AmplifyAuth } from '../../../lib/amplify-loader.ts';
import { emailField, newPasswordField } from '../utils/fields.ts';

export const signUpInputSchema = z.object({
  email: emailField,
  fullName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, authValidation.fullNameRequired),
      z.maxLength(120, 'Please use at most 120 characters'),
    ),
  password: newPasswordField,
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/**
 * confirmSignUp: the account is made and waits for the e-mailed code. codeSentAgain: this address had
 * signed up before and never confirmed it, so a new code went to it and the same confirmation step
 * follows (docs/web.md, "Authentication").
 */
export type SignUpOutcome = { kind: 'confirmSignUp' } | { kind: 'done' } | { kind: 'codeSentAgain' };

type SignUpCalls = Pick<AmplifyAuth, 'signUp' | 'resendSignUpCode'>;

const nameOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

export async function signUpThrough(amplify: SignUpCalls, input: SignUpInput): Promise<SignUpOutcome> {
  try {
    const { nextStep } = await amplify.signUp({
      username: input.email,
      password: input.password,
      options: {
        userAttributes: { email: input.email, name: input.fullName },
        // The pre sign-up trigger refuses a common breached password (spec §5's short minimum).
        validationData: { password_sha256: await breachCheckDigest(input.password) },
      },
    });
    return nextStep.signUpStep === 'CONFIRM_SIGN_UP' ? { kind: 'confirmSignUp' } : { kind: 'done' };
  } catch (error) {
    if (nameOf(error) !== 'UsernameExistsException') throw error;
    // Signed up before. Cognito sends an unconfirmed account a new code, and refuses a confirmed one
    // ('User is already confirmed.'), for which spec §8's "already exists, sign in instead" stands.
    try {
      await amplify.resendSignUpCode({ username: input.email });
    } catch (resendError) {
      if (nameOf(resendError) === 'InvalidParameterException' && /confirmed/i.test(messageOf(resendError)))
        throw error;
      throw resendError;
    }
    return { kind: 'codeSentAgain' };
  }
}

export async function signUpWithEmail(input: SignUpInput): Promise<SignUpOutcome> {
  return signUpThrough(await loadAmplify(), input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail, retry: false });
}
