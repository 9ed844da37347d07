// The sign-in form's rules (spec §5). Loaded with the form's first input or, at the latest, its first
// validation (login-form.tsx), not with the screen: /login paints without zod.
import * as z from 'zod/mini';
import { authValidation } from '@domain/auth-messages.ts';
import { emailField } from '../utils/fields.ts';
import type { Validation } from '../utils/small-form.ts';

/** Step 1 checks only the e-mail; step 2 also requires the password. */
export const emailStepSchema = z.object({ email: emailField, password: z.string() });
export const signInInputSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, authValidation.passwordRequired)),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/** The schema's verdict as the form shows it: the first message for each field, as a resolver would. */
function validateWith(schema: typeof emailStepSchema | typeof signInInputSchema) {
  return (values: SignInInput): Validation<SignInInput> => {
    const result = schema.safeParse(values);
    if (result.success) return { ok: true, values: result.data };
    const errors: Partial<Record<keyof SignInInput, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.') as keyof SignInInput;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };
}

export const validateEmailStep = validateWith(emailStepSchema);
export const validateSignIn = validateWith(signInInputSchema);
