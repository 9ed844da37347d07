import { describe, expect, it } from 'vitest';
import { confirmSignUpInputSchema } from '../api/confirm-sign-up.ts';
import { emailStepSchema, signInInputSchema } from '../api/sign-in-schema.ts';
import { signUpInputSchema } from '../api/sign-up.ts';

/** The first message per field, as the form shows it. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
}

describe('login validation (spec §5)', () => {
  it('step 1 needs only the e-mail', () => {
    expect(messages(emailStepSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Please enter your email address',
    });
    expect(emailStepSchema.safeParse({ email: ' Ada@Example.com ', password: '' }).data?.email).toBe(
      'ada@example.com',
    );
  });

  it('step 2 also needs the password', () => {
    expect(messages(signInInputSchema.safeParse({ email: 'ada@example.com', password: '' }))).toEqual({
      password: 'Please enter your password',
    });
  });

  it('refuses something that is not an e-mail address', () => {
    expect(messages(emailStepSchema.safeParse({ email: 'ada', password: '' }))).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('signup validation (spec §5)', () => {
  it('names each missing field with the spec message', () => {
    expect(messages(signUpInputSchema.safeParse({ email: '', fullName: '  ', password: '' }))).toEqual({
      email: 'Please enter your email address',
      fullName: 'Please enter your full name',
      password: 'Please enter your password',
    });
  });

  it('needs a password of at least 6 characters', () => {
    const input = { email: 'ada@example.com', fullName: 'Ada Lovelace' };
    expect(messages(signUpInputSchema.safeParse({ ...input, password: '12345' }))).toEqual({
      password: 'Password must be at least 6 characters long',
    });
    expect(signUpInputSchema.safeParse({ ...input, password: '123456' }).success).toBe(true);
  });
});

describe('confirmation code', () => {
  it('is the 6 digits from the e-mail', () => {
    expect(confirmSignUpInputSchema.safeParse({ email: 'a@b.co', code: ' 123456 ' }).data?.code).toBe(
      '123456',
    );
    expect(messages(confirmSignUpInputSchema.safeParse({ email: 'a@b.co', code: '' }))).toEqual({
      code: 'Please enter the 6-digit code from your email',
    });
    expect(confirmSignUpInputSchema.safeParse({ email: 'a@b.co', code: '12a456' }).success).toBe(false);
  });
});
