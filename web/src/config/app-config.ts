// The SPA's runtime config: fetched from /config.json at start (never baked into the bundle, so one
// build serves every stage) and validated before anything else runs. Contract: docs/web.md.
import { z } from 'zod';
import { configResponse } from './config-request.ts';

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

export const appConfigSchema = z
  .object({
    stage: z.enum(['local', 'cloud']),
    apiUrl: httpUrl,
    region: z.string().min(1),
    userPoolId: z.string().min(1),
    userPoolClientId: z.string().min(1),
    /** cognito-local's address; local stage only. */
    cognitoEndpoint: httpUrl.optional(),
    /** SRP in the cloud; cognito-local only speaks USER_PASSWORD_AUTH. */
    authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
    /** Plaid's Link script: Plaid's CDN in the cloud, the local Plaid sandbox's stand-in locally. */
    plaidLinkScriptUrl: httpUrl,
    /** The local mail outbox viewer; local stage only. */
    outboxUrl: httpUrl.optional(),
    /** The realtime WebSocket (ws:// locally, wss:// in the cloud); without it nothing is pushed. */
    realtimeUrl: z
      .url({ protocol: /^wss?$/, error: 'must be a ws(s) URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  })
  .superRefine((config, ctx) => {
    if (config.stage === 'local' && !config.cognitoEndpoint) {
      ctx.addIssue({ code: 'custom', path: ['cognitoEndpoint'], message: 'is required when stage is local' });
    }
    // A cloud build pointed at a local Cognito or outbox is a deployment mistake: refuse it loudly.
    if (config.stage === 'cloud') {
      for (const key of ['cognitoEndpoint', 'outboxUrl'] as const) {
        if (config[key] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'is only allowed when stage is local' });
        }
      }
    }
  });

export type AppConfig = z.infer<typeof appConfigSchema>;

export class AppConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AppConfigError';
  }
}

/** Validates a parsed config.json, naming every bad field in one message. */
export function parseAppConfig(raw: unknown): AppConfig {
  const result = appConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'config';
    return `${field} ${issue.message}`;
  });
  throw new AppConfigError(`Invalid /config.json: ${problems.join('; ')}`, { cause: result.error });
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
