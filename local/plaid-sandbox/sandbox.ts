// A faithful local Plaid: an HTTP server the official `plaid` client talks to through its basePath,
// with generated banks and histories, a clock, signed webhooks and a Link widget stand-in.
// See docs/plaid-sandbox.md.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { endpoints } from './api.ts';
import type { LiabilitiesObject } from 'plaid';
import { isoDay, parseIsoDay } from './days.ts';
import { liabilitiesBody } from './liabilities.ts';
import { errors, PlaidApiError } from './errors.ts';
import { groundTruth, type GroundTruth } from './ground-truth.ts';
import type { ExtensionSummary } from './ledger.ts';
import { flowPage, flowPageCsp, linkAssets, oauthPage, sessionCalls } from './link.ts';
import { randomId } from './random.ts';
import { SandboxState, type FirstSyncDelays } from './state.ts';
import type { WebhookDelivery } from './webhooks.ts';
import {
  closeServer,
  createSandboxServer,
  listenOn,
  readBodyText,
  sendBody as send,
} from '../sandbox-http.ts';

export interface PlaidSandboxOptions {
  /** 0 picks a free port; read the bound one from `url`/`port`. */
  port: number;
  host?: '127.0.0.1' | 'localhost' | '::1';
  /** The API keys the sandbox accepts (PLAID-CLIENT-ID / PLAID-SECRET headers or body fields). */
  clientId: string;
  secret: string;
  /** Default webhook for items whose link token names none. */
  webhookUrl?: string;
  /** Everything generated derives from seed + institution + username. */
  seed?: string | number;
  /** Keep items, the clock offset and webhook keys in this JSON file across restarts. */
  dataFile?: string;
  /** The wall clock the sandbox clock runs from (advanced by `clock.advanceDays`). */
  now?: () => Date;
  /** Registered OAuth redirect URIs; by default any loopback URL is accepted. */
  redirectUris?: string[];
  /** One line per request and per failed webhook; silent by default. */
  log?: (line: string) => void;
  /**
   * How long Plaid's first extraction takes after the exchange (wall clock): NOT_READY until
   * `initialMs`, the recent transactions until `historicalMs`, then the whole history, each step
   * announced by SYNC_UPDATES_AVAILABLE. Default DEFAULT_FIRST_SYNC (short, for local use);
   * `{ initialMs: 0, historicalMs: 0 }` makes items ready at once.
   */
  firstSync?: FirstSyncDelays;
}

/** Plaid takes seconds to minutes; locally a fraction of a second keeps suites and `npm start` quick. */
export const DEFAULT_FIRST_SYNC: FirstSyncDelays = { initialMs: 250, historicalMs: 1500 };

export interface PlaidSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
  clock: {
    now(): Date;
    /** The sandbox's today, `YYYY-MM-DD` (UTC). */
    today(): string;
    /** New transactions appear, pending ones post, SYNC_UPDATES_AVAILABLE goes out per changed item. */
    advanceDays(days: number): Array<{ item_id: string } & ExtensionSummary>;
  };
  webhooks: {
    /** Resolves once every webhook sent so far was delivered (or failed). */
    flush(): Promise<void>;
    readonly deliveries: readonly WebhookDelivery[];
    /** Signs with a new key from now on; the old one stays retrievable with its expired_at set. */
    rotateKey(): string;
  };
  /** Which transactions of the item belong to which recurring series. */
  groundTruth(accessToken: string): GroundTruth;
  /**
   * What /liabilities/get would have said on an earlier day, and every account's balance then (the
   * money engine's backtest forecasts from a past day with what was known on it).
   */
  pastStatements(
    accessToken: string,
    date: string,
  ): { liabilities: LiabilitiesObject; balances: Record<string, number> };
  /** The item's next sync page in the middle of a pagination fails with MUTATION_DURING_PAGINATION. */
  mutateDuringPagination(accessToken: string): void;
}

const MAX_BODY_BYTES = 1024 * 1024;

export async function createPlaidSandbox(options: PlaidSandboxOptions): Promise<PlaidSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const state = new SandboxState({
    seed: String(options.seed ?? 'plaid-sandbox'),
    now: options.now ?? (() => new Date()),
    dataFile: options.dataFile ?? null,
    webhookUrl: options.webhookUrl ?? null,
    log,
    firstSync: options.firstSync ?? DEFAULT_FIRST_SYNC,
  });
  let baseUrl = '';

  const server: Server = createSandboxServer(handle, log, (response) =>
    sendError(response, errors.internalServerError(), randomId(15)),
  );

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = randomId(15);
    const url = new URL(request.url ?? '/', baseUrl);
    const path = url.pathname;

    if (request.method === 'GET' || request.method === 'HEAD') {
      const assetPath = path as keyof typeof linkAssets;
      if (Object.hasOwn(linkAssets, assetPath)) {
        const asset = linkAssets[assetPath];
        return send(response, 200, asset.type, asset.body, { 'Cache-Control': 'no-store' });
      }
      if (path === '/link/flow') {
        const html = flowPage({
          token: url.searchParams.get('token') ?? '',
          mode: 'embedded',
          parentOrigin: loopbackOrigin(url.searchParams.get('origin')),
          oauthStateId: url.searchParams.get('oauth_state_id'),
        });
        return send(response, 200, 'text/html; charset=utf-8', html, {
          'Content-Security-Policy': flowPageCsp('embedded'),
        });
      }
      const hosted = /^\/hl\/([A-Za-z0-9]+)$/.exec(path)?.[1];
      if (hosted) {
        const token = state.hostedLinks.get(hosted);
        if (!token)
          return send(response, 404, 'text/plain; charset=utf-8', 'This link has expired or does not exist.');
        const html = flowPage({
          token,
          mode: 'hosted',
          parentOrigin: null,
          oauthStateId: url.searchParams.get('oauth_state_id'),
        });
        return send(response, 200, 'text/html; charset=utf-8', html, {
          'Content-Security-Policy': flowPageCsp('hosted'),
        });
      }
      if (path === '/link/oauth/authorize') {
        const html = oauthPage(state, url.searchParams.get('state') ?? '');
        if (!html) return send(response, 404, 'text/plain; charset=utf-8', 'This login link is not valid.');
        return send(response, 200, 'text/html; charset=utf-8', html, {
          'Content-Security-Policy': flowPageCsp('hosted'),
        });
      }
      if (path === '/') {
        return send(
          response,
          200,
          'text/plain; charset=utf-8',
          `Local Plaid sandbox (docs/plaid-sandbox.md). Today is ${isoDay(state.today())}.\n`,
        );
      }
      return sendError(response, errors.notFound(), requestId);
    }

    if (request.method !== 'POST') return sendError(response, errors.notFound(), requestId);
    const sessionCall = sessionCalls[path];
    const endpoint = endpoints[path];
    if (!sessionCall && !endpoint) return sendError(response, errors.notFound(), requestId);

    let body: Record<string, unknown>;
    try {
      if (!(request.headers['content-type'] ?? '').includes('application/json')) {
        throw errors.invalidBody('Content-Type header must be application/json');
      }
      body = parseBody(await readBody(request));
      if (sessionCall) return sendJson(response, 200, sessionCall(body, { state, baseUrl, requestId }));
      authenticate(request, body);
      return sendJson(
        response,
        200,
        endpoint?.(body, { state, baseUrl, requestId, redirectUris: options.redirectUris ?? null }),
      );
    } catch (error) {
      if (error instanceof PlaidApiError) return sendError(response, error, requestId);
      throw error;
    }
  }

  function authenticate(request: IncomingMessage, body: Record<string, unknown>): void {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const clientId =
      header('plaid-client-id') ?? (typeof body.client_id === 'string' ? body.client_id : undefined);
    const secret = header('plaid-secret') ?? (typeof body.secret === 'string' ? body.secret : undefined);
    const missing = [
      clientId === undefined ? 'client_id' : null,
      secret === undefined ? 'secret' : null,
    ].filter((field): field is string => field !== null);
    if (missing.length > 0) throw errors.missingFields(missing);
    if (clientId !== options.clientId || secret !== options.secret) throw errors.invalidApiKeys();
  }

  const { port, url } = await listenOn(server, options.port, host);
  baseUrl = url;

  return {
    url: baseUrl,
    port,
    async close() {
      state.stopTimers();
      await state.webhooks.flush();
      await closeServer(server);
    },
    clock: {
      now: () => state.now(),
      today: () => isoDay(state.today()),
      advanceDays(days: number) {
        if (!Number.isInteger(days) || days < 1)
          throw new RangeError('advanceDays takes a positive whole number of days');
        return state.advanceDays(days);
      },
    },
    webhooks: {
      flush: () => state.webhooks.flush(),
      get deliveries() {
        return state.webhooks.deliveries;
      },
      rotateKey() {
        const kid = state.keys.rotate();
        state.persist();
        return kid;
      },
    },
    groundTruth: (accessToken) => groundTruth(state.item(accessToken), state.today()),
    pastStatements(accessToken, date) {
      const item = state.item(accessToken);
      const day = parseIsoDay(date);
      if (day > state.today()) throw new RangeError('pastStatements takes a day up to the sandbox today');
      const balances = item.ledger.balances(day);
      return {
        liabilities: liabilitiesBody(item, day),
        balances: Object.fromEntries(
          item.accounts.map((a) => [item.accountId(a.key), (balances.get(a.key)?.current ?? 0) / 100]),
        ),
      };
    },
    mutateDuringPagination(accessToken) {
      state.item(accessToken).mutateOnNextPage = true;
    },
  };
}

function loopbackOrigin(origin: string | null): string | null {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    return loopback && /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return readBodyText(request, MAX_BODY_BYTES, () => errors.invalidBody('request body is too large'));
}

function parseBody(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    throw errors.invalidBody('body could not be parsed as JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw errors.invalidBody('body must be a JSON object');
  return parsed as Record<string, unknown>;
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

function sendError(response: ServerResponse, error: PlaidApiError, requestId: string) {
  sendJson(response, error.status, { ...error.body, request_id: requestId });
}
