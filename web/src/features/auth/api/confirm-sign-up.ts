// E-mail verification with the 6-digit code Cognito sent at sign-up, and re-sending that code through
// spec §7's send-verification-email (public; the server asks Cognito and limits sends per address).
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { loadAmplify } from '../../../lib/amplify-loader.ts';
import { invokeFunction } from '../../../lib/invoke-function.ts';
import { confirmationCodeField, emailField } from '../utils/fields.ts';

export const confirmSignUpInputSchema = z.object({ email: emailField, code: confirmationCodeField });
export type ConfirmSignUpInput = z.infer<typeof confirmSignUpInputSchema>;

export async function confirmEmail(input: ConfirmSignUpInput): Promise<void> {
  const { confirmSignUp } = await loadAmplify();
  await confirmSignUp({ username: input.email, confirmationCode: input.code });
}

export function useConfirmSignUp() {
  return useMutation({ mutationFn: confirmEmail, retry: false });
}

export const resendCodeInputSchema = z.object({ email: emailField });

export async function resendCode(input: z.infer<typeof resendCodeInputSchema>): Promise<void> {
  await invokeFunction(
    'send-verification-email',
    { email: input.email, isResend: true },
    // One attempt: a retried send would count twice against the per-address limit.
    { auth: false, retry: false, share: false },
  );
}

export function useResendSignUpCode() {
  return useMutation({ mutationFn: resendCode, retry: false });
}
