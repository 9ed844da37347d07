import { describe, expect, it, vi } from 'vitest';
import { clientErrorReportSchema } from '@domain/client-report.ts';
import { ApiError } from './api-client.ts';
import { LOG_BUFFER_SIZE, METRICS_BUFFER_SIZE } from './constants.ts';
import { createTelemetry, operationPath } from './telemetry.ts';

const clock = () => new Date('2026-03-05T10:00:00.000Z');

describe('telemetry: spec §9 log buffer, metrics and navigation history', () => {
  it('keeps 1,000 log lines and 1,000 timings, the oldest dropped', () => {
    const t = createTelemetry({ clock });

    for (let i = 0; i < 1500; i += 1) {
      t.log('info', `line ${i}`);
      t.recordOperation(`api:GET /n${i}`, 5, true);
    }

    expect(LOG_BUFFER_SIZE).toBe(1000);
    expect(METRICS_BUFFER_SIZE).toBe(1000);
    expect(t.logs()).toHaveLength(1000);
    expect(t.logs()[0]?.message).toBe('line 500');
    expect(t.metrics()).toHaveLength(1000);
    expect(t.metrics()[0]?.op).toBe('api:GET /n500');
    expect(t.metrics().at(-1)?.op).toBe('api:GET /n1499');
  });

  it('remembers the last 10 routes, oldest first, without repeating one', () => {
    const t = createTelemetry({ clock });

    for (let i = 1; i <= 12; i += 1) t.recordRoute(`/r${i}`);
    t.recordRoute('/r12');

    expect(t.navigation()).toEqual(['/r3', '/r4', '/r5', '/r6', '/r7', '/r8', '/r9', '/r10', '/r11', '/r12']);
  });

  it('warns about an operation over 1 s, not one of exactly 1 s', () => {
    const warn = vi.fn();
    const t = createTelemetry({ clock, warn });

    t.recordOperation('route:/calendar', 1000, true);
    t.recordOperation('route:/calendar', 1001, true);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('slow operation: route:/calendar took 1001 ms (over 1000 ms)');
    expect(t.logs().at(-1)).toMatchObject({ level: 'warn' });
  });
});

describe('error reports', () => {
  it('carry the spec §3 fields, the navigation history and the last log lines, scrubbed', () => {
    const t = createTelemetry({ clock, buildVersion: '2026.03.05-abc' });
    t.recordRoute('/accounts');
    t.recordRoute('/calendar');
    t.log('info', 'loaded balance $1,234.56 for ada@example.com');
    const error = new ApiError('Request for ada@example.com failed', {
      status: 500,
      code: 'server',
      correlationId: 'c0ffee00-1111-4222-8333-444455556666',
    });
    const seen = vi.fn();
    t.subscribe({ error: seen });

    const report = t.reportError(error);

    expect(clientErrorReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      correlation_id: 'c0ffee00-1111-4222-8333-444455556666',
      message: 'Request for [email] failed',
      route: '/calendar',
      error_class: 'ApiError',
      timestamp: '2026-03-05T10:00:00.000Z',
      build_version: '2026.03.05-abc',
      occurrences: 1,
      navigation: ['/accounts', '/calendar'],
    });
    expect(report?.logs.map((l) => l.message)).toContain('loaded balance [amount] for [email]');
    expect(JSON.stringify(report)).not.toMatch(/ada@|1,234/);
    expect(seen).toHaveBeenCalledWith(report);
  });

  it('reports one error object once, and gives one kind of error one fingerprint', () => {
    const t = createTelemetry({ clock });
    const error = new TypeError('x is undefined at item 12');

    const first = t.reportError(error);
    expect(t.reportError(error)).toBeNull();
    const again = t.reportError(new TypeError('x is undefined at item 13'));
    const other = t.reportError(new RangeError('x is undefined at item 12'));

    expect(again?.fingerprint).toBe(first?.fingerprint);
    expect(other?.fingerprint).not.toBe(first?.fingerprint);
  });

  it('reports what was thrown even when it is not an error', () => {
    const t = createTelemetry({ clock });
    expect(t.reportError('plain text')).toMatchObject({ error_class: 'string', message: 'plain text' });
    expect(t.reportError({ reason: 'x' })).toMatchObject({
      error_class: 'object',
      message: '{"reason":"x"}',
    });
  });
});

describe('operationPath', () => {
  it.each([
    ['/accounts', '/accounts'],
    ['/money-plan/items/3f2b8c1e-9a4d-4c2e-8b1a-0d9e8f7a6b5c', '/money-plan/items/{id}'],
    ['/invitations/AbCdEf0123456789xyzAbCdEf0123456789xyz', '/invitations/{id}'],
    ['/admin/users/123', '/admin/users/{id}'],
    ['/running-balances/lowest', '/running-balances/lowest'],
    ['/transactions?accountId=abc', '/transactions'],
  ])('%s → %s', (path, expected) => {
    expect(operationPath(path)).toBe(expected);
  });
});
