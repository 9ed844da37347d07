// Help & Support's contact form through the gateway: a request is stored and e-mailed
// to the support inbox with a reference; diagnostics appear only when sent; bad input is a 400 naming
// the field (control characters, a token in diagnostics, unknown fields); six in an hour is a 429;
// signed out is a 401.
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../functions/lib/ports/email.ts';
import { api, directData, signUpAndSignIn } from './helpers.ts';

describe('POST /support-requests', () => {
  it('stores the request, e-mails support with its reference, and shares diagnostics only when given', async () => {
    const user = await signUpAndSignIn('Sam Support');
    const sent = await api<{ id: string; reference: string; status: string }>('POST', '/support-requests', {
      token: user.idToken,
      body: {
        topic: 'sync',
        message: 'My checking account has not updated since Monday.\nCan you look?',
        diagnostics: {
          build_version: '2026-11-24T03:00:00Z-abc',
          route: '/accounts',
          correlation_id: 'c-123',
        },
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'open', reference: sent.body.id.slice(0, 8).toUpperCase() });
    const { data: stored } = await directData().supportRequests.query.byUser({ user_id: user.userId }).go();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      topic: 'sync',
      email: user.email,
      diagnostics: { correlation_id: 'c-123' },
    });

    const { body: outbox } = await api<OutboxMessage[]>('GET', '/__outbox');
    const mail = outbox.find((m) => m.subject === `Support request ${sent.body.reference}: sync`);
    expect(mail?.kind).toBe('support_request');
    expect(mail?.text).toContain('has not updated since Monday');
    expect(mail?.text).toContain('correlation_id=c-123');

    const without = await api<{ reference: string }>('POST', '/support-requests', {
      token: user.idToken,
      body: { topic: 'other', message: 'How do I export my transactions?' },
    });
    expect(without.status).toBe(201);
    const { body: after } = await api<OutboxMessage[]>('GET', '/__outbox');
    expect(after.find((m) => m.subject.includes(without.body.reference))?.text).toContain(
      'Diagnostics: not shared',
    );
  });

  it('refuses bad input naming the field, limits a person to five an hour, and needs a sign-in', async () => {
    const user = await signUpAndSignIn('Rita Ratelimit');
    const post = (body: unknown) =>
      api<{ issues?: Array<{ field: string }> }>('POST', '/support-requests', { token: user.idToken, body });
    for (const [body, field] of [
      [{ topic: 'billing', message: 'short' }, 'message'],
      [{ topic: 'refunds', message: 'Please refund my subscription.' }, 'topic'],
      [{ topic: 'billing', message: 'Hello\u0000 there, a NUL here' }, 'message'],
      [
        {
          topic: 'billing',
          message: 'Token in diagnostics',
          diagnostics: { route: 'Bearer eyJhbGciOiJIUzI1NiJ9.x' },
        },
        'diagnostics.route',
      ],
      [{ topic: 'billing', message: 'An unknown field here', priority: 'urgent' }, 'body'],
    ] as const) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.issues?.[0]?.field, JSON.stringify(body)).toMatch(
        new RegExp(`^(body\\.)?${field}`),
      );
    }
    const signedOut = await api('POST', '/support-requests', {
      body: { topic: 'other', message: 'No sign-in here.' },
    });
    expect(signedOut.status).toBe(401);
    for (let i = 0; i < 5; i += 1)
      expect((await post({ topic: 'other', message: `Question number ${i + 1}` })).status).toBe(201);
    expect((await post({ topic: 'other', message: 'Question number six' })).status).toBe(429);
  });
});
