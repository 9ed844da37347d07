// The runtime config's full rules (zod): what decides whether a /config.json is valid, and the message
// naming every bad field. app-config.ts checks a well-formed config by hand without loading this file
// (quickAppConfig); anything else comes here, so zod is not on a start's path. Contract: docs/web.md.
import * as z from 'zod/mini';
import { AppConfigError } from './app-config-error.ts';

/** A URL of one of `protocol`'s schemes, without its trailing slashes. */
const urlOf = (protocol: RegExp, error: string) =>
  z.pipe(
    z.url({ protocol, error }),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  );

const httpUrl = urlOf(/^https?$/, 'must be an http(s) URL');

export const appConfigSchema = z
  .object({
    stage: z.enum(['local', 'cloud']),
    apiUrl: httpUrl,
    region: z.string().check(z.minLength(1)),
    userPoolId: z.string().check(z.minLength(1)),
    userPoolClientId: z.string().check(z.minLength(1)),
    /** cognito-local's address; local stage only. */
    cognitoEndpoint: z.optional(httpUrl),
    /** SRP in the cloud; cognito-local only speaks USER_PASSWORD_AUTH. */
    authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
    /** Plaid's Link script: Plaid's CDN in the cloud, the local Plaid sandbox's stand-in locally. */
    plaidLinkScriptUrl: httpUrl,
    /** The local mail outbox viewer; local stage only. */
    outboxUrl: z.optional(httpUrl),
    /** The realtime WebSocket (ws:// locally, wss:// in the cloud); without it nothing is pushed. */
    realtimeUrl: z.optional(urlOf(/^wss?$/, 'must be a ws(s) URL')),
  })
  .check(
    z.superRefine((config, ctx) => {
      if (config.stage === 'local' && !config.cognitoEndpoint) {
        ctx.addIssue({
          code: 'custom',
          path: ['cognitoEndpoint'],
          message: 'is required when stage is local',
        });
      }
      // A cloud build pointed at a local Cognito or outbox is a deployment mistake: refuse it loudly.
      if (config.stage === 'cloud') {
        for (const key of ['cognitoEndpoint', 'outboxUrl'] as const) {
          if (config[key] !== undefined) {
            ctx.addIssue({ code: 'custom', path: [key], message: 'is only allowed when stage is local' });
          }
        }
      }
    }),
  );

export type AppConfig = z.infer<typeof appConfigSchema>;

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
