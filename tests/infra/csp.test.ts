// The SPA's Content-Security-Policy as text (spec §7: bank-link CDN, backend and provider API hosts
// allowed; framing denied).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, inlineScriptHashes } from '../../infra/csp.ts';
import { parseCsp } from './parse-csp.ts';
import { resourcesOf, templateOf, testApp } from './test-app.ts';

const csp = buildContentSecurityPolicy({
  apiUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
  region: 'eu-west-1',
  imageOrigins: ['https://avatars.s3.eu-west-1.amazonaws.com'],
});

describe('content security policy', () => {
  const directives = parseCsp(csp);

  it('loads Plaid Link from its CDN as a script and a frame', () => {
    expect(directives.get('script-src')).toEqual(["'self'", 'https://cdn.plaid.com']);
    expect(directives.get('frame-src')).toEqual(['https://cdn.plaid.com']);
  });

  it('connects only to the API, Cognito of the region and Plaid', () => {
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'https://abc123.execute-api.eu-west-1.amazonaws.com',
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://*.plaid.com',
      'https://production.plaid.com',
      'https://sandbox.plaid.com',
    ]);
  });

  it('lets the page open the realtime WebSocket stage, and nothing else new', () => {
    const withRealtime = parseCsp(
      buildContentSecurityPolicy({
        apiUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
        region: 'eu-west-1',
        realtimeUrl: 'wss://ws456.execute-api.eu-west-1.amazonaws.com/live',
      }),
    ).get('connect-src');
    expect(withRealtime).toContain('wss://ws456.execute-api.eu-west-1.amazonaws.com/live');
    expect(withRealtime?.filter((source) => !directives.get('connect-src')?.includes(source))).toEqual([
      'wss://ws456.execute-api.eu-west-1.amazonaws.com/live',
    ]);
  });

  it('denies framing, plugins and base-URL changes', () => {
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('never allows inline or evaluated script', () => {
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('allows the extra image origins', () => {
    expect(directives.get('img-src')).toContain('https://avatars.s3.eu-west-1.amazonaws.com');
  });
});

describe('inline scripts', () => {
  it("allows index.html's inline theme script by its hash, as a browser computes it", () => {
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'web', 'index.html'), 'utf8');
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    const body = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(hashes[0]).toBe(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    // A script with a src is not hashed (it is allowed by its origin).
    expect(inlineScriptHashes('<script type="module" src="/a.js"></script><script>x()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    ]);
    // The runtime config's data block never runs: it needs no hash, and its content may change freely.
    expect(
      inlineScriptHashes(
        '<script type="application/json" id="app-config">{"a":1}</script><script>x()</script>',
      ),
    ).toEqual([`'sha256-${createHash('sha256').update('x()').digest('base64')}'`]);
    const policy = parseCsp(buildContentSecurityPolicy({ region: 'eu-west-1', scriptHashes: hashes }));
    expect(policy.get('script-src')).toEqual(["'self'", hashes[0], 'https://cdn.plaid.com']);
  });

  it('the deployed policy carries the hash (the theme runs before first paint in the cloud)', () => {
    const web = templateOf(testApp().web);
    const [policy] = Object.values(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const text = JSON.stringify(policy);
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'web', 'index.html'), 'utf8');
    expect(text).toContain(inlineScriptHashes(html)[0]);
  });
});
