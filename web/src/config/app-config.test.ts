import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './app-config-schema.ts';
import {
  AppConfigError,
  inlineAppConfig,
  loadAppConfig,
  parseAppConfig as parseAppConfigAsync,
  quickAppConfig,
} from './app-config.ts';

const local = {
  stage: 'local',
  apiUrl: 'http://127.0.0.1:3001/',
  region: 'us-east-1',
  userPoolId: 'local_abc123',
  userPoolClientId: 'client123',
  cognitoEndpoint: 'http://127.0.0.1:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  plaidLinkScriptUrl: 'http://127.0.0.1:8810/link/link-initialize.js',
};

const cloud = {
  stage: 'cloud',
  apiUrl: 'https://api.example.com',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_AbC',
  userPoolClientId: 'abc',
  authFlowType: 'USER_SRP_AUTH',
  plaidLinkScriptUrl: 'https://cdn.plaid.com/link/v2/stable/link-initialize.js',
};

describe('parseAppConfig', () => {
  it('accepts the config the local launcher writes, without a trailing slash on URLs', () => {
    expect(parseAppConfig(local)).toEqual({ ...local, apiUrl: 'http://127.0.0.1:3001' });
  });

  it('accepts a cloud config with SRP and no local endpoints', () => {
    expect(parseAppConfig(cloud)).toEqual(cloud);
  });

  it('accepts the optional local outbox URL', () => {
    expect(parseAppConfig({ ...local, outboxUrl: 'http://127.0.0.1:3001/outbox' }).outboxUrl).toBe(
      'http://127.0.0.1:3001/outbox',
    );
  });

  it('names every missing or bad field', () => {
    expect(() => parseAppConfig({ stage: 'staging', apiUrl: 'not a url' })).toThrow(
      /stage .*; apiUrl .*; region .*; userPoolId .*; userPoolClientId .*; authFlowType .*; plaidLinkScriptUrl/,
    );
  });

  it('requires the Cognito endpoint in local mode', () => {
    const { cognitoEndpoint: _omitted, ...withoutEndpoint } = local;
    expect(() => parseAppConfig(withoutEndpoint)).toThrow('cognitoEndpoint is required when stage is local');
  });

  it('refuses local-only endpoints in a cloud config', () => {
    expect(() => parseAppConfig({ ...cloud, cognitoEndpoint: 'http://127.0.0.1:9229' })).toThrow(
      'cognitoEndpoint is only allowed when stage is local',
    );
  });

  it('takes a ws(s) realtime URL without its trailing slash, and refuses any other scheme', () => {
    expect(parseAppConfig({ ...cloud, realtimeUrl: 'wss://rt.example.com/' }).realtimeUrl).toBe(
      'wss://rt.example.com',
    );
    expect(() => parseAppConfig({ ...cloud, realtimeUrl: 'https://rt.example.com' })).toThrow(
      'realtimeUrl must be a ws(s) URL',
    );
  });

  it('refuses an unknown auth flow and non-http URLs', () => {
    expect(() => parseAppConfig({ ...local, authFlowType: 'CUSTOM_AUTH' })).toThrow(AppConfigError);
    expect(() => parseAppConfig({ ...local, apiUrl: 'ftp://example.com' })).toThrow(/apiUrl/);
    expect(() => parseAppConfig({ ...cloud, plaidLinkScriptUrl: 'javascript:alert(1)' })).toThrow(
      /plaidLinkScriptUrl/,
    );
  });
});

describe('quickAppConfig (a plainly valid config without loading the schema)', () => {
  /** The schema's verdict: its output, or null when it refuses. */
  const bySchema = (raw: unknown) => {
    try {
      return parseAppConfig(raw);
    } catch {
      return null;
    }
  };
  const variants: unknown[] = [
    local,
    cloud,
    { ...local, outboxUrl: 'http://127.0.0.1:3001/outbox' },
    { ...local, realtimeUrl: 'ws://127.0.0.1:3002/' },
    { ...cloud, realtimeUrl: 'wss://rt.example.com///' },
    { ...cloud, extra: 'ignored', another: { nested: true } },
    { ...cloud, apiUrl: 'HTTPS://API.example.com/v1/' },
    { ...cloud, apiUrl: 'https://example.com/a\\b' },
    { ...cloud, apiUrl: ' https://api.example.com ' },
    { ...cloud, apiUrl: 'https://api.exa\tmple.com' },
    { ...cloud, apiUrl: 'https:api.example.com' },
    { ...cloud, apiUrl: 'https:/api.example.com' },
    { ...cloud, apiUrl: 'ftp://example.com' },
    { ...cloud, apiUrl: 'https://' },
    { ...cloud, apiUrl: 'https://exa mple.com' },
    { ...cloud, apiUrl: 'https://[::1]:8080/' },
    { ...cloud, apiUrl: 42 },
    { ...cloud, realtimeUrl: 'https://rt.example.com' },
    { ...cloud, realtimeUrl: 'ws:rt.example.com' },
    { ...cloud, realtimeUrl: undefined },
    { ...cloud, outboxUrl: 'http://127.0.0.1:3001/outbox' },
    { ...cloud, cognitoEndpoint: 'http://127.0.0.1:9229' },
    { ...local, cognitoEndpoint: undefined },
    { ...local, cognitoEndpoint: '' },
    { ...local, stage: 'staging' },
    { ...local, region: '' },
    { ...local, userPoolId: 7 },
    { ...local, authFlowType: 'CUSTOM_AUTH' },
    { ...cloud, plaidLinkScriptUrl: 'javascript:alert(1)' },
    [],
    null,
    'config',
    {},
  ];

  it('never accepts what the schema refuses, and outputs what the schema outputs', () => {
    for (const raw of variants) {
      const quick = quickAppConfig(raw);
      if (quick !== null) expect({ raw, quick }).toEqual({ raw, quick: bySchema(raw) });
    }
  });

  it('takes the configs the launcher and the deployment write', () => {
    expect(quickAppConfig(local)).toEqual({ ...local, apiUrl: 'http://127.0.0.1:3001' });
    expect(quickAppConfig(cloud)).toEqual(cloud);
    expect(quickAppConfig({ ...cloud, realtimeUrl: 'wss://rt.example.com/' })).toEqual({
      ...cloud,
      realtimeUrl: 'wss://rt.example.com',
    });
  });

  it('leaves everything else to the schema, with its messages', async () => {
    await expect(parseAppConfigAsync({ ...cloud, apiUrl: ' https://api.example.com/ ' })).resolves.toEqual(
      bySchema({ ...cloud, apiUrl: ' https://api.example.com/ ' }),
    );
    await expect(parseAppConfigAsync({ ...cloud, cognitoEndpoint: 'http://127.0.0.1:9229' })).rejects.toThrow(
      'cognitoEndpoint is only allowed when stage is local',
    );
    await expect(parseAppConfigAsync({ stage: 'staging' })).rejects.toThrow(AppConfigError);
  });
});

describe('loadAppConfig', () => {
  const respond =
    (body: string, status = 200) =>
    async () =>
      new Response(body, { status });

  it('fetches /config.json as index.html preloads it (same request, so the preload is reused) and validates it', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetchFn = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(local));
    }) as typeof fetch;
    await expect(loadAppConfig(fetchFn)).resolves.toMatchObject({ stage: 'local' });
    expect(calls[0]?.[0]).toBe('/config.json');
    expect(calls[0]?.[1]).toBeUndefined();
    // index.html's inline script adds that preload for every start of the app (run and checked in
    // app/start-mode.test.ts): the same URL, as a fetch, in CORS mode 'anonymous' like a plain fetch().
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    expect(html).toContain("preload.href = '/config.json';");
    expect(html).toContain("preload.as = 'fetch';");
    expect(html).toContain("preload.crossOrigin = 'anonymous';");
  });

  it('explains a missing file, invalid JSON and an unreachable server', async () => {
    await expect(
      loadAppConfig(respond('{"message":"APP_CONFIG_PATH is not set"}', 404) as typeof fetch),
    ).rejects.toThrow('/config.json answered 404: {"message":"APP_CONFIG_PATH is not set"}');
    await expect(loadAppConfig(respond('<html>') as typeof fetch)).rejects.toThrow(
      '/config.json is not valid JSON',
    );
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(loadAppConfig(offline)).rejects.toThrow('Could not reach /config.json');
  });
});

describe('inlineAppConfig (the config in the page, read without waiting)', () => {
  const page = (text: string | null) => ({
    getElementById: (id: string) =>
      id === 'app-config' && text !== null ? ({ textContent: text } as HTMLElement) : null,
  });

  it('is the plainly valid config the server put into the page, as the schema would output it', () => {
    expect(inlineAppConfig(page(JSON.stringify(local)))).toEqual(parseAppConfig(local));
    expect(inlineAppConfig(page(` ${JSON.stringify(cloud)}\n`))).toEqual(parseAppConfig(cloud));
  });

  it('is null without a config in the page, or one the schema must judge (loadAppConfig then names the fault)', () => {
    expect(inlineAppConfig(page(null))).toBeNull();
    expect(inlineAppConfig(page('  '))).toBeNull();
    expect(inlineAppConfig(page('{not json'))).toBeNull();
    expect(inlineAppConfig(page(JSON.stringify({ ...local, apiUrl: 'ftp://x' })))).toBeNull();
    expect(inlineAppConfig(undefined)).toBeNull();
  });
});
