// Sign-in by e-mail and password (spec §2 Login, two steps) with the configured Cognito auth flow.
import type { SignInOutput } from 'aws-amplify/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { authValidation } from '@domain/auth-messages.ts';
import { getAppConfig } from '../../../config/app-config.ts';
import { loadAmplify } from '../../../lib/amplify-loader.ts';
import { emailField } from '../utils/fields.ts';

/** Step 1 checks only the e-mail; step 2 also requires the password. */
export const emailStepSchema = z.object({ email: emailField, password: z.string() });
export const signInInputSchema = z.object({
  email: emailField,
  password: z.string().min(1, authValidation.passwordRequired),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export type SignInOutcome =
  | { kind: 'signedIn' }
  | { kind: 'confirmSignUp' }
  | { kind: 'resetPassword' }
  /** A challenge this slice does not handle yet (MFA, new password). */
  | { kind: 'unsupportedStep'; step: string };

export function signInOutcome(output: SignInOutput): SignInOutcome {
  if (output.isSignedIn) return { kind: 'signedIn' };
  switch (output.nextStep.signInStep) {
    case 'DONE':
      return { kind: 'signedIn' };
    case 'CONFIRM_SIGN_UP':
      return { kind: 'confirmSignUp' };
    case 'RESET_PASSWORD':
      return { kind: 'resetPassword' };
    default:
      return { kind: 'unsupportedStep', step: output.nextStep.signInStep };
  }
}

export async function signInWithEmail(input: SignInInput): Promise<SignInOutcome> {
  const { signIn } = await loadAmplify();
  const output = await signIn({
    username: input.email,
    password: input.password,
    options: { authFlowType: getAppConfig().authFlowType },
  });
  return signInOutcome(output);
}

/** Auth calls are never retried: a second attempt with a wrong password counts against the user. */
export function useSignIn() {
  return useMutation({ mutationFn: signInWithEmail, retry: false });
}
