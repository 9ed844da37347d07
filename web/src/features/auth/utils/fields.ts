// Form field rules of spec §5 shared by the auth forms.
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH, authValidation } from '@domain/auth-messages.ts';
import { authErrorMessages } from './cognito-errors.ts';

/** Required, a plausible address, trimmed and lower-cased (Cognito usernames are matched as typed). */
export const emailField = z.pipe(
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, authValidation.emailRequired)),
    z.email(authValidation.emailInvalid),
  ),
  z.transform((email: string) => email.toLowerCase()),
);

export const newPasswordField = z
  .string()
  .check(
    z.minLength(1, authValidation.passwordRequired),
    z.minLength(PASSWORD_MIN_LENGTH, authValidation.passwordTooShort),
  );

export const confirmationCodeField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, authErrorMessages.codeRequired),
    z.regex(/^\d{6}$/, 'The code is the 6 digits from your email'),
  );
