// The one factory of dependencies: reads the environment once and builds the clients. Handlers get
// their dependencies from here; tests and the local gateway pass their own through setDeps().
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESClient } from '@aws-sdk/client-ses';
import { optionalEnv, requireEnv } from './env.ts';
import { createLogger, type Logger } from './logger.ts';
import { outboxEmailSender, sesEmailSender, type EmailSender } from './ports/email.ts';

export interface Deps {
  tableName: string;
  ddb: DynamoDBDocumentClient;
  clock: () => Date;
  logger: Logger;
  email: EmailSender;
  /** The SPA's origin, for links in e-mails (invitations, verification). */
  appUrl: string;
}

export function createDeps(env: NodeJS.ProcessEnv = process.env): Deps {
  const endpoint = optionalEnv('DYNAMODB_ENDPOINT', env);
  const client = new DynamoDBClient({
    ...(endpoint
      ? {
          endpoint,
          region: optionalEnv('AWS_REGION', env) ?? 'us-east-1',
          // DynamoDB Local accepts any credentials; fixed ones keep the SDK off the credential chain.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  const emailFrom = optionalEnv('EMAIL_FROM', env) ?? 'Money Calendar <no-reply@localhost>';
  const outbox = optionalEnv('EMAIL_OUTBOX_DIR', env);
  return {
    tableName: requireEnv('TABLE_NAME', env),
    ddb: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
    clock: () => new Date(),
    logger: createLogger({ service: 'money-calendar' }),
    email: outbox ? outboxEmailSender(outbox, emailFrom) : sesEmailSender(new SESClient({}), emailFrom),
    appUrl: requireEnv('APP_URL', env).replace(/\/$/, ''),
  };
}

let current: Deps | undefined;

export function getDeps(): Deps {
  current ??= createDeps();
  return current;
}

/** Replace the dependencies (tests, the local gateway). */
export function setDeps(deps: Deps | undefined): void {
  current = deps;
}
