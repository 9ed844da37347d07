// A JSON `null` body sent to a route that takes fields is refused as a 400 naming `body`, where it was
// read as no body at all (start-trial started a trial, invitations/repair ran). A route without fields
// still takes null as no body (docs/api-conventions.md "Bad input").
import { describe, expect, it } from 'vitest';
import { api, signUpAndSignIn } from './helpers.ts';

describe('a JSON null body', () => {
  it('is a 400 naming body on start-trial and invitations/repair, and starts nothing', async () => {
    const user = await signUpAndSignIn('Nell Null');
    for (const path of ['/functions/start-trial', '/invitations/repair']) {
      const response = await api<{ code: string; issues: Array<{ field: string }> }>('POST', path, {
        token: user.idToken,
        rawBody: 'null',
      });
      expect(response.status, path).toBe(400);
      expect(response.body.code, path).toBe('validation');
      expect(
        response.body.issues.map((issue) => issue.field),
        path,
      ).toEqual(['body']);
    }
    const check = await api<{ status: string; trial_available: boolean }>(
      'POST',
      '/functions/check-subscription',
      { token: user.idToken, body: {} },
    );
    expect(check.body).toMatchObject({ status: 'free', trial_available: true });
  });
});
