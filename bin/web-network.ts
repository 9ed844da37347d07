// What a page asks of the network, as Chromium itself reports it: the Chrome DevTools Protocol's Network
// events. Playwright's request events do not include CORS preflights (Chromium sends them from its
// network service, outside the page's own requests), so a preflight counter built on them cannot see
// one; the protocol reports each preflight as an OPTIONS request whose initiator is `preflight`.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export interface NetworkRequest {
  url: string;
  method: string;
  /** The protocol's resource type: Document, Script, Fetch, XHR, Preflight, … */
  type: string;
}

export interface NetworkRecorder {
  /** Every request seen so far, preflights included. */
  requests(): NetworkRequest[];
  /** The CORS preflights among them. */
  preflights(): NetworkRequest[];
  stop(): Promise<void>;
}

interface RequestWillBeSent {
  type?: string;
  request: { url: string; method: string };
  initiator?: { type?: string };
}

const isPreflight = (event: RequestWillBeSent) =>
  event.type === 'Preflight' || event.initiator?.type === 'preflight';

/** Starts recording the page's requests through a DevTools Protocol session of its own. */
export async function recordNetwork(context: BrowserContext, page: Page): Promise<NetworkRecorder> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const seen: Array<NetworkRequest & { preflight: boolean }> = [];
  cdp.on('Network.requestWillBeSent', (event: RequestWillBeSent) => {
    const preflight = isPreflight(event);
    seen.push({
      url: event.request.url,
      method: event.request.method,
      type: preflight ? 'Preflight' : (event.type ?? 'Other'),
      preflight,
    });
  });
  await cdp.send('Network.enable');
  return {
    requests: () => seen.map(({ url, method, type }) => ({ url, method, type })),
    preflights: () => seen.filter((r) => r.preflight).map(({ url, method, type }) => ({ url, method, type })),
    stop: () => cdp.detach().catch(() => undefined),
  };
}
