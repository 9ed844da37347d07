import { describe, expect, it } from 'vitest';
import { createDeps } from './deps.ts';
import { MissingEnvironmentError } from './env.ts';

describe('createDeps', () => {
  it('needs only TABLE_NAME up front, and names a missing variable when a part that needs it is used', () => {
    const deps = createDeps({ TABLE_NAME: 't' });

    expect(deps.tableName).toBe('t');
    expect(() => deps.appUrl).toThrow(MissingEnvironmentError);
    expect(() => deps.appUrl).toThrow(/APP_URL/);
    expect(() => deps.events).toThrow(/EVENT_BUS_NAME/);
    expect(() => deps.tokenCipher).toThrow(/PLAID_TOKEN_KEY_ARN/);
  });

  it('refuses to start without TABLE_NAME', () => {
    expect(() => createDeps({})).toThrow(/TABLE_NAME/);
  });

  it('builds a lazy part once', () => {
    const deps = createDeps({ TABLE_NAME: 't', APP_URL: 'https://app.example.com/' });
    expect(deps.appUrl).toBe('https://app.example.com');
    expect(deps.email).toBe(deps.email);
  });
});
