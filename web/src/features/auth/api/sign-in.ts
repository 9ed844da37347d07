// Sign-in by e-mail and password (spec §2 Login, two steps) with the configured Cognito auth flow.
import type { SignInOutput } from 'aws-amplify/auth';
import { useMutation } from '@tanstack/react-query';
import { getAppConfig } from '../../../config/app-config.ts';
import { loadAmplify } from '../../../lib/amplify-loader.ts';
import type { SignInInput } from './sign-in-schema.ts';

// The form's rules are sign-in-schema.ts, loaded on demand.
export type { SignInInput } from './sign-in-schema.ts';

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
