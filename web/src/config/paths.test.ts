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
      newAccount: false,
    });
    expect(readAuthQuery(new URLSearchParams('invite=i1&token=t1'))).toEqual({
      invite: 'i1',
      email: null,
      newAccount: false,
    });
    expect(readAuthQuery(new URLSearchParams('invite=&token=t2&email='))).toMatchObject({
      invite: 't2',
      email: null,
    });
  });

  it('marks the sign-in that follows a new account (new=1) and drops it when false', () => {
    const href = paths.auth.login.getHref({ invite: 't', email: 'b@x.io', newAccount: true });
    expect(href).toBe('/login?invite=t&email=b%40x.io&new=1');
    expect(readAuthQuery(new URL(href, 'http://app.test').searchParams).newAccount).toBe(true);
    expect(paths.auth.verifyEmail.getHref({ email: 'b@x.io', newAccount: false })).toBe(
      '/verify-email?email=b%40x.io',
    );
  });

  it('links to an invitation by its token', () => {
    expect(paths.inviteAccept.getHref('a-b_c')).toBe('/invite/accept?token=a-b_c');
    expect(paths.inviteAccept.getHref()).toBe('/invite/accept');
  });
});
