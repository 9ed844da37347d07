// Form field rules of spec §5 shared by the auth forms.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, authValidation } from '@domain/auth-messages.ts';
import { authErrorMessages } from './cognito-errors.ts';

/** Required, a plausible address, trimmed and lower-cased (Cognito usernames are matched as typed). */
export const emailField = z
  .string()
  .trim()
  .min(1, authValidation.emailRequired)
  .pipe(z.email(authValidation.emailInvalid))
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string()
  .min(1, authValidation.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, authValidation.passwordTooShort);

export const confirmationCodeField = z
  .string()
  .trim()
  .min(1, authErrorMessages.codeRequired)
  .regex(/^\d{6}$/, 'The code is the 6 digits from your email');
