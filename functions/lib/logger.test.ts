import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('logger', () => {
  it('writes one JSON line with the base fields and redacts secret-looking keys', () => {
    const lines: string[] = [];
    const log = createLogger({ fn: 'profiles' }, (l) => lines.push(l), 'info').child({ correlationId: 'c1' });

    log.info('request', { status: 200, access_token: 'access-sandbox-123', authorization: 'Bearer x' });
    log.debug('hidden below the level');

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: 'info',
      message: 'request',
      fn: 'profiles',
      correlationId: 'c1',
      status: 200,
    });
    expect(entry.access_token).toBe('[redacted]');
    expect(entry.authorization).toBe('[redacted]');
  });
});
