import { describe, expect, it } from 'vitest';
import { paths, readAuthQuery } from './paths.ts';

describe('paths', () => {
  it('carries the invitation and e-mail between the auth screens, leaving out empty values', () => {
    expect(paths.auth.signup.getHref({ invite: 'tok 1', email: 'a+b@example.com' })).toBe(
      '/signup?invite=tok+1&email=a%2Bb%40example.com',
    );
    expect(paths.auth.login.getHref({ invite: null, email: '' })).toBe('/login');
    expect(paths.auth.verifyEmail.getHref({ email: 'a@b.co' })).toBe('/verify-email?email=a%40b.co');
  });

  it('builds account detail links', () => {
    expect(paths.app.account.getHref('acc/1')).toBe('/accounts/acc%2F1');
  });

  it('reads an invitation from invite or token (spec §2)', () => {
    expect(readAuthQuery(new URLSearchParams('token=t1&email=x@y.z'))).toEqual({
      invite: 't1',
      email: 'x@y.z',
    });
    expect(readAuthQuery(new URLSearchParams('invite=i1&token=t1'))).toEqual({ invite: 'i1', email: null });
  });
});
