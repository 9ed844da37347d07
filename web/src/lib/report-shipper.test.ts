import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_REPORT_MAX_BYTES } from '@domain/client-report-limits.ts';
import { clientReportSchema, type ClientErrorReport } from '@domain/client-report.ts';
import { createReportShipper, type ReportShipperDeps } from './report-shipper.ts';

const errorReport = (fingerprint: string, extra: Partial<ClientErrorReport> = {}): ClientErrorReport => ({
  fingerprint,
  correlation_id: null,
  message: 'boom',
  route: '/calendar',
  error_class: 'Error',
  timestamp: '2026-03-05T10:00:00.000Z',
  build_version: 'test',
  occurrences: 1,
  navigation: ['/calendar'],
  logs: [],
  ...extra,
});
const metric = (op: string, ms = 100, ok = true) => ({ op, ms, ok, at: 0 });

function setup(overrides: Partial<ReportShipperDeps> = {}) {
  const bodies: unknown[] = [];
  const beacons: unknown[] = [];
  const shipper = createReportShipper({
    sessionId: 'session-1234',
    buildVersion: 'test',
    sampleRate: 1,
    send: async (body) => bodies.push(JSON.parse(body)),
    beacon: (body) => beacons.push(JSON.parse(body)) > 0,
    now: () => Date.now(),
    ...overrides,
  });
  return { shipper, bodies, beacons };
}

describe('report shipping (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-05T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('batches what arrives within the 10 ms pause into one post, summed per operation', async () => {
    const { shipper, bodies } = setup();
    await vi.advanceTimersByTimeAsync(5000);

    shipper.addMetric(metric('api:GET /accounts', 100));
    await vi.advanceTimersByTimeAsync(5);
    shipper.addMetric(metric('api:GET /accounts', 300));
    shipper.addMetric(metric('route:/calendar', 1500, true));
    expect(bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5);

    expect(bodies).toHaveLength(1);
    const report = clientReportSchema.parse(bodies[0]);
    expect(report.metrics).toEqual([
      { op: 'api:GET /accounts', count: 2, errors: 0, sum_ms: 400, slow: 0 },
      { op: 'route:/calendar', count: 1, errors: 0, sum_ms: 1500, slow: 1 },
    ]);
  });

  it('sends at most once per interval, then what waited in one post', async () => {
    const { shipper, bodies } = setup({ minIntervalMs: 5000 });
    await vi.advanceTimersByTimeAsync(5000);

    shipper.addMetric(metric('api:GET /a'));
    await vi.advanceTimersByTimeAsync(10);
    expect(bodies).toHaveLength(1);
    for (let i = 0; i < 50; i += 1) {
      shipper.addMetric(metric('api:GET /a', 10, i % 10 !== 0));
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);

    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ metrics: [{ op: 'api:GET /a', count: 50, errors: 5 }] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bodies).toHaveLength(2);
  });

  it('lets a starting page go first: the first post leaves one interval after the shipper starts', async () => {
    const { shipper, bodies } = setup({ minIntervalMs: 5000 });

    shipper.addError(errorReport('dddddddd'));
    await vi.advanceTimersByTimeAsync(4990);
    expect(bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10);

    expect(bodies).toHaveLength(1);
  });

  it('sends errors always, even when timings are sampled out, and one fingerprint once per page', async () => {
    const { shipper, bodies } = setup({ sampleRate: 0.1, random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(5000);

    shipper.addMetric(metric('api:GET /a'));
    shipper.addError(errorReport('aaaaaaaa'));
    shipper.addError(errorReport('aaaaaaaa'));
    await vi.advanceTimersByTimeAsync(10);
    shipper.addError(errorReport('aaaaaaaa'));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ metrics: [], sample_rate: 0.1, errors: [{ occurrences: 2 }] });
    expect(shipper.stats()).toMatchObject({ unsampled: 1, suppressedErrors: 1 });
  });

  it('keeps the number of distinct error reports of a page bounded', async () => {
    const { shipper, bodies } = setup({ maxErrorsPerPage: 3, minIntervalMs: 0 });

    for (let i = 0; i < 10; i += 1) shipper.addError(errorReport(`0000000${i}`));
    await vi.advanceTimersByTimeAsync(100);

    expect(bodies.flatMap((b) => (b as { errors: unknown[] }).errors)).toHaveLength(3);
  });

  it('trims a post to the size limit: log lines first, then whole reports', async () => {
    const { shipper, bodies } = setup({ minIntervalMs: 0 });
    const logs = Array.from({ length: 10 }, () => ({
      at: '2026-03-05T10:00:00.000Z',
      level: 'info' as const,
      message: 'x'.repeat(300),
    }));

    for (let i = 0; i < 10; i += 1)
      shipper.addError(errorReport(`1000000${i}`, { logs, message: 'y'.repeat(500) }));
    await vi.advanceTimersByTimeAsync(10);

    const sent = JSON.stringify(bodies[0]);
    expect(new TextEncoder().encode(sent).length).toBeLessThanOrEqual(CLIENT_REPORT_MAX_BYTES);
    expect(clientReportSchema.safeParse(bodies[0]).success).toBe(true);
    expect((bodies[0] as { errors: ClientErrorReport[] }).errors.every((e) => e.logs.length === 0)).toBe(
      true,
    );
  });

  it('sends what is pending through the beacon on page hide, and nothing when nothing is', async () => {
    const { shipper, bodies, beacons } = setup();

    shipper.addError(errorReport('bbbbbbbb'));
    shipper.flushOnHide();
    shipper.flushOnHide();
    await vi.advanceTimersByTimeAsync(10_000);

    expect(beacons).toHaveLength(1);
    expect(bodies).toHaveLength(0);
    expect(beacons[0]).toMatchObject({ session_id: 'session-1234', errors: [{ fingerprint: 'bbbbbbbb' }] });
  });

  it('falls back to a post when the browser refuses the beacon', () => {
    const { shipper, bodies } = setup({ beacon: () => false });

    shipper.addError(errorReport('cccccccc'));
    shipper.flushOnHide();

    expect(shipper.stats()).toMatchObject({ posts: 1, beacons: 0 });
    return vi.waitFor(() => expect(bodies).toHaveLength(1));
  });
});
