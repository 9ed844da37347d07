// Account creation (spec §2 Signup, 'Create your account'): e-mail, full name, password.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { authValidation } from '@domain/auth-messages.ts';
import { loadAmplify } from '../../../lib/amplify-loader.ts';
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

export type SignUpOutcome = { kind: 'confirmSignUp' } | { kind: 'done' };

export async function signUpWithEmail(input: SignUpInput): Promise<SignUpOutcome> {
  const { signUp } = await loadAmplify();
  const { nextStep } = await signUp({
    username: input.email,
    password: input.password,
    options: { userAttributes: { email: input.email, name: input.fullName } },
  });
  return nextStep.signUpStep === 'CONFIRM_SIGN_UP' ? { kind: 'confirmSignUp' } : { kind: 'done' };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail, retry: false });
}
