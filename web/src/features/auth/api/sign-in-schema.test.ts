import { describe, expect, it } from 'vitest';
import { authValidation } from '@domain/auth-messages.ts';
import { validateEmailStep, validateSignIn } from './sign-in-schema.ts';

describe('the login form rules (spec §5), as the form shows them', () => {
  it('step 1 checks only the e-mail, and hands on the address trimmed and lower-cased', () => {
    expect(validateEmailStep({ email: '  Ada@Example.COM ', password: '' })).toEqual({
      ok: true,
      values: { email: 'ada@example.com', password: '' },
    });
    expect(validateEmailStep({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: authValidation.emailRequired },
    });
    expect(validateEmailStep({ email: 'not-an-address', password: '' })).toEqual({
      ok: false,
      errors: { email: authValidation.emailInvalid },
    });
  });

  it('step 2 also requires the password, one message per field', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: authValidation.emailRequired, password: authValidation.passwordRequired },
    });
    expect(validateSignIn({ email: 'ada@example.com', password: 'secret' })).toEqual({
      ok: true,
      values: { email: 'ada@example.com', password: 'secret' },
    });
  });
});
