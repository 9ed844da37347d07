// The bench's preflight counter against a real cross-origin call in Chromium: a page on one loopback
// port POSTs JSON to another port (a CORS preflight first) and to its own origin (none); the counter,
// built on the DevTools Protocol's network events, must see exactly the one preflight, to the other port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recordNetwork } from './web-network.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let browser: Browser;
let page: Server;
let other: Server;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

let pageOrigin = '';
let otherOrigin = '';

beforeAll(async () => {
  other = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', pageOrigin);
    response.setHeader('access-control-allow-headers', 'content-type');
    response.setHeader('access-control-allow-methods', 'POST');
    response.end(request.method === 'OPTIONS' ? '' : '{"ok":true}');
  });
  page = createServer((request, response) => {
    if (request.method === 'POST') return void response.end('{"ok":true}');
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>preflight</title><p>page</p>');
  });
  otherOrigin = await listen(other);
  pageOrigin = await listen(page);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
});

afterAll(async () => {
  await browser?.close();
  page?.close();
  other?.close();
});

test('one cross-origin JSON POST is one preflight; a same-origin one is none', async () => {
  // Prepare
  const context = await browser.newContext();
  const tab = await context.newPage();
  const network = await recordNetwork(context, tab);
  await tab.goto(pageOrigin);

  // Act
  await tab.evaluate(
    async (urls) => {
      const post = (url: string) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await post(urls.same);
      await post(urls.cross);
    },
    { same: `${pageOrigin}/same`, cross: `${otherOrigin}/cross` },
  );

  // Assess
  expect(network.preflights()).toEqual([
    { url: `${otherOrigin}/cross`, method: 'OPTIONS', type: 'Preflight' },
  ]);
  expect(
    network
      .requests()
      .filter((r) => r.method === 'POST')
      .map((r) => r.url),
  ).toEqual([`${pageOrigin}/same`, `${otherOrigin}/cross`]);
  await network.stop();
  await context.close();
});
