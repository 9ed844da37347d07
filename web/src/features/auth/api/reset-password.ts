// spec §7 password recovery: Cognito e-mails a code (resetPassword), then the code and a new password
// set it (confirmResetPassword). Never retried: each attempt counts against the user's limit.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { authValidation } from '@domain/auth-messages.ts';
import { loadAmplify } from '../../../lib/amplify-loader.ts';
import { confirmationCodeField, emailField, newPasswordField } from '../utils/fields.ts';

export const requestResetInputSchema = z.object({ email: emailField });
export type RequestResetInput = z.infer<typeof requestResetInputSchema>;

export async function requestPasswordReset(input: RequestResetInput): Promise<void> {
  try {
    const { resetPassword } = await loadAmplify();
    await resetPassword({ username: input.email });
  } catch (error) {
    // Do not reveal which e-mails have accounts: an unknown one is told the same as a known one.
    if ((error as { name?: unknown } | null)?.name === 'UserNotFoundException') return;
    throw error;
  }
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, retry: false });
}

export const confirmResetInputSchema = z
  .object({
    email: emailField,
    code: confirmationCodeField,
    password: newPasswordField,
    confirmPassword: z.string().check(z.minLength(1, authValidation.passwordRequired)),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      path: ['confirmPassword'],
      message: 'The passwords do not match',
    }),
  );
export type ConfirmResetInput = z.infer<typeof confirmResetInputSchema>;

export async function confirmPasswordReset(input: ConfirmResetInput): Promise<void> {
  const { confirmResetPassword } = await loadAmplify();
  await confirmResetPassword({
    username: input.email,
    confirmationCode: input.code,
    newPassword: input.password,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset, retry: false });
}
