// POST /client-reports (public, attributed when a token comes with it, rate-limited per
// sender, 400/413/429 storing nothing, scrubbed on arrival, kept with a TTL) and the admin's
// GET /admin/client-health (401 signed out, 403 for anyone but an admin, spec §9's thresholds).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REPORT_MAX_BYTES } from '../../domain/client-report-limits.ts';
import type { ClientErrorReport } from '../../domain/client-report.ts';
import { errorMessages } from '../../domain/errors.ts';
import { CLIENT_REPORT_LIMITS, hourOf } from '../../functions/lib/client-reports.ts';
import { api, directData, signUpAdmin, signUpAndSignIn, type TestUser } from './helpers.ts';

type Issues = { code: string; issues?: Array<{ field: string; message: string }> };
const jwtLike =
  'eyJraWQiOiJhYmMiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3OC1hYmNkIn0.c2lnbmF0dXJlLXBhcnQtaGVyZQ';

const errorReport = (extra: Partial<ClientErrorReport> = {}): ClientErrorReport => ({
  fingerprint: randomUUID().replace(/-/g, '').slice(0, 16),
  correlation_id: randomUUID(),
  message: 'Something went wrong',
  route: '/calendar',
  error_class: 'ApiError',
  timestamp: new Date().toISOString(),
  build_version: 'it-build',
  occurrences: 1,
  navigation: ['/accounts', '/calendar'],
  logs: [{ at: new Date().toISOString(), level: 'error', message: 'POST /functions/x 500 in 12 ms' }],
  ...extra,
});
const report = (sessionId: string, extra: Record<string, unknown> = {}) => ({
  session_id: sessionId,
  build_version: 'it-build',
  sample_rate: 1,
  metrics: [{ op: 'api:GET /accounts', count: 1, errors: 0, sum_ms: 120, slow: 0 }],
  errors: [errorReport()],
  ...extra,
});
/** A distinct anonymous sender per test: the visitor address CloudFront's function sets (infra/same-origin-api.ts). */
const from = (address: string) => ({ 'x-viewer-address': address });
const uniqueAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function storedFor(sessionId: string) {
  const hours = [hourOf(new Date()), hourOf(new Date(Date.now() - 3_600_000))];
  const pages = await Promise.all(
    hours.map((hour) => directData().clientErrorReports.query.byHour({ hour }).go({ pages: 'all' })),
  );
  return pages.flatMap((p) => p.data).filter((r) => r.session_id === sessionId);
}

describe('POST /client-reports', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpAndSignIn('Reporter');
  });

  it("attributes a signed-in page's report to its user and scrubs it again on arrival", async () => {
    const sessionId = randomUUID();
    const sent = errorReport({
      message: `Failed for ada@example.com with Bearer ${jwtLike} and balance $1,234.56`,
      navigation: ['/invite/abc?token=s3cr3t'],
    });

    const response = await api('POST', '/client-reports', {
      token: user.idToken,
      body: report(sessionId, { errors: [sent] }),
    });

    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: { errors: 1, metrics: 1 } });
    const [stored] = await storedFor(sessionId);
    expect(stored).toMatchObject({
      user_id: user.userId,
      correlation_id: sent.correlation_id,
      message: 'Failed for [email] with Bearer [token] and balance [amount]',
      navigation: ['/invite/abc?token=[redacted]'],
      route: '/calendar',
      error_class: 'ApiError',
      build_version: 'it-build',
    });
    expect(stored!.ttl).toBeGreaterThan(Date.now() / 1000 + 13 * 24 * 3600);
    expect(JSON.stringify(stored)).not.toMatch(/ada@|eyJ|1,234/);
  });

  it('accepts an anonymous report (no token, or one that does not verify) without a user', async () => {
    const sessionId = randomUUID();
    const headers = from(uniqueAddress());

    const plain = await api('POST', '/client-reports', { headers, body: report(sessionId) });
    const badToken = await api('POST', '/client-reports', {
      headers: { ...headers, authorization: 'Bearer not-a-token' },
      body: report(sessionId),
    });

    expect([plain.status, badToken.status]).toEqual([202, 202]);
    const stored = await storedFor(sessionId);
    expect(stored).toHaveLength(2);
    expect(stored.every((r) => r.user_id === undefined)).toBe(true);
  });

  it('answers a malformed post 400 naming the field, and stores nothing', async () => {
    const sessionId = randomUUID();
    const headers = from(uniqueAddress());
    const cases: [unknown, string][] = [
      [{ ...report(sessionId), session_id: undefined }, 'session_id'],
      [report(sessionId, { sample_rate: 0 }), 'sample_rate'],
      [
        report(sessionId, { metrics: [{ op: 'GET /x', count: 1, errors: 0, sum_ms: 1, slow: 0 }] }),
        'metrics.0.op',
      ],
      [report(sessionId, { errors: [{ ...errorReport(), timestamp: 'yesterday' }] }), 'errors.0.timestamp'],
      [report(sessionId, { errors: [{ ...errorReport(), extra: 1 }] }), 'errors.0'],
      [report(sessionId, { metrics: [], errors: [] }), 'metrics'],
    ];

    for (const [body, field] of cases) {
      const response = await api<Issues>('POST', '/client-reports', { headers, body });
      expect(response.status, field).toBe(400);
      expect(
        response.body.issues?.map((i) => i.field),
        field,
      ).toContain(field);
    }
    const notJson = await api<Issues>('POST', '/client-reports', { headers, rawBody: '{"session_id":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.issues?.[0]?.field).toBe('body');
    expect(await storedFor(sessionId)).toEqual([]);
  });

  it('answers an oversized post 413 before reading it, and stores nothing', async () => {
    const sessionId = randomUUID();
    const body = JSON.stringify(report(sessionId, { padding: 'x'.repeat(CLIENT_REPORT_MAX_BYTES) }));

    const response = await api('POST', '/client-reports', { headers: from(uniqueAddress()), rawBody: body });

    expect(response.status).toBe(413);
    expect(await storedFor(sessionId)).toEqual([]);
  });

  it('answers a flood from one anonymous sender 429 past its limit, storing only what it accepted', async () => {
    const sessionId = randomUUID();
    const headers = from(uniqueAddress());
    const statuses: number[] = [];
    const bodies: { message?: string }[] = [];

    for (let i = 0; i < CLIENT_REPORT_LIMITS.anonymousPerMinute + 4; i += 1) {
      const response = await api<{ message?: string }>('POST', '/client-reports', {
        headers,
        body: report(sessionId),
      });
      statuses.push(response.status);
      bodies.push(response.body);
    }
    // Another sender in the same minute is not held back by the first one's flood.
    const other = await api('POST', '/client-reports', {
      headers: from(uniqueAddress()),
      body: report(randomUUID()),
    });

    const accepted = statuses.filter((s) => s === 202).length;
    // A minute boundary during the loop can give the sender a fresh minute.
    expect(accepted).toBeGreaterThanOrEqual(CLIENT_REPORT_LIMITS.anonymousPerMinute);
    expect(accepted).toBeLessThanOrEqual(CLIENT_REPORT_LIMITS.anonymousPerMinute * 2);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(
      bodies.filter((_, i) => statuses[i] === 429).every((b) => b.message === errorMessages.rate_limit),
    ).toBe(true);
    expect(await storedFor(sessionId)).toHaveLength(accepted);
    expect(other.status).toBe(202);
  });
});

describe('GET /admin/client-health', () => {
  let admin: TestUser;
  let plain: TestUser;
  beforeAll(async () => {
    [admin, plain] = await Promise.all([signUpAdmin('Health Admin'), signUpAndSignIn('Not Admin')]);
  });

  it('is 401 signed out and 403 for a signed-in non-admin', async () => {
    expect((await api('GET', '/admin/client-health')).status).toBe(401);
    const refused = await api<{ message: string }>('GET', '/admin/client-health', { token: plain.idToken });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Admin access required');
  });

  it('shows a report by its correlation id and names an operation averaging over 2 s', async () => {
    const slowOp = `route:/slow-${randomUUID().slice(0, 8)}`;
    const sent = errorReport();
    const posted = await api('POST', '/client-reports', {
      token: plain.idToken,
      body: report(randomUUID(), {
        sample_rate: 0.5,
        metrics: [{ op: slowOp, count: 2, errors: 0, sum_ms: 5000, slow: 2 }],
        errors: [sent],
      }),
    });
    expect(posted.status).toBe(202);

    const health = await api<{
      thresholds: Record<string, number>;
      windows: Record<
        'hour' | 'day',
        {
          operations: { op: string; count: number; avg_ms: number }[];
          recommendations: { rule: string; op: string | null }[];
        }
      >;
      errors: { recent: Record<string, unknown>[]; groups: { fingerprint: string; people: number }[] };
    }>('GET', '/admin/client-health', { token: admin.idToken });

    expect(health.status).toBe(200);
    expect(health.body.thresholds).toEqual({
      averageMs: 1000,
      errorRate: 0.05,
      minThroughput: 100,
      operationAverageMs: 2000,
    });
    for (const window of ['hour', 'day'] as const) {
      // Weighted back from the sample rate: 2 sampled operations at 0.5 stand for 4.
      expect(health.body.windows[window].operations.find((o) => o.op === slowOp)).toMatchObject({
        count: 4,
        avg_ms: 2500,
      });
      expect(health.body.windows[window].recommendations).toContainEqual(
        expect.objectContaining({ rule: 'operation_average_over_2s', op: slowOp }),
      );
    }
    const shown = health.body.errors.recent.find((r) => r.correlation_id === sent.correlation_id);
    expect(shown).toMatchObject({
      user_id: plain.userId,
      message: sent.message,
      route: sent.route,
      error_class: sent.error_class,
      timestamp: sent.timestamp,
      build_version: sent.build_version,
      navigation: sent.navigation,
    });
    expect(health.body.errors.groups).toContainEqual(
      expect.objectContaining({ fingerprint: sent.fingerprint, people: 1 }),
    );
  });
});
