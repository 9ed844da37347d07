// The SPA's runtime config: fetched from /config.json at start (never baked into the bundle, so one
// build serves every stage) and validated before anything else runs. Contract: docs/web.md. The rules
// are app-config-schema.ts (zod); a config that plainly meets them (quickAppConfig, every field checked
// by hand, at least as strictly) is taken without loading them, so zod is not on a start's path; any
// other config is judged, and its errors worded, by the schema.
import type { AppConfig } from './app-config-schema.ts';
import { AppConfigError } from './app-config-error.ts';
import { configResponse, inlineConfigText } from './config-request.ts';

export type { AppConfig } from './app-config-schema.ts';

export { AppConfigError } from './app-config-error.ts';

/** Field names of the config, each a non-empty string when present. */
const stringFields = ['region', 'userPoolId', 'userPoolClientId'] as const;
const httpFields = ['apiUrl', 'plaidLinkScriptUrl', 'cognitoEndpoint', 'outboxUrl'] as const;
const requiredHttp = new Set<string>(['apiUrl', 'plaidLinkScriptUrl']);

/**
 * A URL the schema's `z.url({ protocol })` + trailing-slash transform accepts, as it outputs it; null if
 * in any doubt. Stricter than the schema: printable ASCII only (nothing to trim or strip), the scheme
 * followed by `//`, parsed by the browser's URL.
 */
function plainUrl(value: unknown, protocols: readonly string[]): string | null {
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value)) return null;
  const scheme = /^([a-z]+):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !protocols.includes(scheme)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== `${scheme}:` || url.hostname === '') return null;
  return value.replace(/\/+$/, '');
}

/**
 * The config as the schema would output it, when it plainly meets the rules; null when it does not or
 * when in doubt (then the schema decides). Never accepts what the schema refuses (unit-tested side by
 * side with it).
 */
export function quickAppConfig(raw: unknown): AppConfig | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const input = raw as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  if (input.stage !== 'local' && input.stage !== 'cloud') return null;
  config.stage = input.stage;
  for (const key of stringFields) {
    const value = input[key];
    if (typeof value !== 'string' || value.length === 0) return null;
    config[key] = value;
  }
  if (input.authFlowType !== 'USER_PASSWORD_AUTH' && input.authFlowType !== 'USER_SRP_AUTH') return null;
  config.authFlowType = input.authFlowType;
  for (const key of httpFields) {
    if (!(key in input) && !requiredHttp.has(key)) continue;
    const url = plainUrl(input[key], ['http', 'https']);
    if (url === null) return null;
    config[key] = url;
  }
  if ('realtimeUrl' in input) {
    const url = plainUrl(input.realtimeUrl, ['ws', 'wss']);
    if (url === null) return null;
    config.realtimeUrl = url;
  }
  // The schema's cross-field rules: local needs cognito-local; cloud refuses the local-only endpoints.
  if (config.stage === 'local' && config.cognitoEndpoint === undefined) return null;
  if (config.stage === 'cloud' && (config.cognitoEndpoint !== undefined || config.outboxUrl !== undefined)) {
    return null;
  }
  return config as AppConfig;
}

/** Validates a parsed config.json, naming every bad field in one message (the schema's wording). */
export async function parseAppConfig(raw: unknown): Promise<AppConfig> {
  return quickAppConfig(raw) ?? (await import('./app-config-schema.ts')).parseAppConfig(raw);
}

/** The config the server put into the page, at once, when it plainly meets the rules (quickAppConfig);
 * null otherwise (then loadAppConfig reads and validates it, naming what is wrong). */
export function inlineAppConfig(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document) {
  const text = inlineConfigText(doc);
  if (!text) return null;
  try {
    return quickAppConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Fetches (the page's one request, config-request.ts) and validates /config.json. */
export async function loadAppConfig(
  fetchFn: (input: '/config.json') => Promise<Response> = () => configResponse(),
): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetchFn('/config.json');
  } catch (error) {
    throw new AppConfigError('Could not reach /config.json', { cause: error });
  }
  if (!response.ok) {
    const detail = await response.text().catch(() => '');
    throw new AppConfigError(`/config.json answered ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  let raw: unknown;
  try {
    raw = await response.json();
  } catch (error) {
    throw new AppConfigError('/config.json is not valid JSON', { cause: error });
  }
  return parseAppConfig(raw);
}

let current: AppConfig | null = null;

/** Called once at start, before the first render. */
export function setAppConfig(config: AppConfig): void {
  current = config;
}

/** The loaded config; the app renders only after it is set, so a miss is a programming error. */
export function getAppConfig(): AppConfig {
  if (!current) throw new AppConfigError('The app config was read before /config.json was loaded');
  return current;
}
