import { describe, expect, it } from 'vitest';
import { SCRUBBED, scrub, scrubText } from './scrub.ts';

const jwt =
  'eyJraWQiOiJhYmMiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3OC1hYmNkIiwiZW1haWwiOiJhQGIuY28ifQ.c2lnbmF0dXJlLXBhcnQtaGVyZQ';

describe('scrubText', () => {
  it.each([
    [`Authorization: Bearer ${jwt}`, 'Authorization: [token]'],
    [`failed with token ${jwt} attached`, 'failed with token [token] attached'],
    ['Bearer abc.def.ghi', 'Bearer [token]'],
    ['exchange access-sandbox-1234abcd-9f9f failed', 'exchange [token] failed'],
    ['stripe sk_test_51Habcdefgh said no', 'stripe [token] said no'],
    [
      '/reset-password?token_hash=abc123&type=recovery',
      '/reset-password?token_hash=[redacted]&type=recovery',
    ],
    ['/auth/callback?code=987654', '/auth/callback?code=[redacted]'],
    ['password: hunter22', 'password: [redacted]'],
    ['invite for ada.lovelace+test@example.co.uk failed', 'invite for [email] failed'],
    ['balance is $1,234.56 today', 'balance is [amount] today'],
    ['spent -$12 on coffee', 'spent [amount] on coffee'],
    ['paid 12.50 USD', 'paid [amount]'],
    ['{"amount":-4512,"name":"x"}', '{"amount":[amount],"name":"x"}'],
    ['available_balance=88.1', 'available_balance=[amount]'],
    ['value 1234.56 left', 'value [amount] left'],
    ['key AKIAABCDEFGHIJKLMNOPQRSTUVWXYZ012345 leaked', 'key [token] leaked'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('keeps what is needed to find the failure: correlation ids, versions, routes, durations, codes', () => {
    const kept = [
      'correlation 3f2b8c1e-9a4d-4c2e-8b1a-0d9e8f7a6b5c',
      'build 2026.11.05-ab12cd3',
      'GET /money-plan/items 500 after 1234 ms',
      'route /app/calendar',
      'error code: PRODUCT_NOT_READY',
      'at 2026-03-05T10:11:12.345Z',
      'Request timeout after 30000ms',
    ];
    for (const text of kept) expect(scrubText(text)).toBe(text);
  });
});

describe('scrub', () => {
  it('scrubs every string of a nested value and hides secret- and amount-named fields', () => {
    const report = {
      message: 'call for bob@example.com failed',
      headers: { authorization: `Bearer ${jwt}`, accept: 'application/json' },
      logs: [{ message: `sent ${jwt}` }, { message: 'total $9.99' }],
      body: { amount_cents: 1299, current_balance: '12', count: 3 },
    };

    const out = scrub(report);

    expect(out).toEqual({
      message: 'call for [email] failed',
      headers: { authorization: SCRUBBED.secret, accept: 'application/json' },
      logs: [{ message: 'sent [token]' }, { message: 'total [amount]' }],
      body: { amount_cents: SCRUBBED.amount, current_balance: SCRUBBED.amount, count: 3 },
    });
    expect(JSON.stringify(out)).not.toMatch(/eyJ|@example|1299|9\.99/);
  });

  it('leaves the input untouched', () => {
    const input = { message: 'a@b.co' };
    scrub(input);
    expect(input.message).toBe('a@b.co');
  });
});
