// Helpers for the e-mail and alert suites: in-process deps on the suite's DynamoDB Local with an outbox
// of the test's own (to read messages and their headers) and a clock the test sets, and waiting on
// what the local cloud does asynchronously.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeps, type Deps } from '../../functions/lib/deps.ts';
import { createLogger } from '../../functions/lib/logger.ts';
import { readOutbox } from '../../local/outbox.ts';
import { cloud, directData } from './helpers.ts';

export interface TestMail {
  deps: Deps;
  outboxDir: string;
  published: Array<{ type: string; detail: unknown }>;
  /** What the schedulers put on the work queues, in order (the workers are the test's to run). */
  enqueued: Array<{ queue: string; message: unknown }>;
  setNow(date: Date): void;
}

export function testMail(): TestMail {
  const { urls, tableName } = cloud();
  const outboxDir = mkdtempSync(join(tmpdir(), 'mail-test-'));
  let now: Date | null = null;
  const published: TestMail['published'] = [];
  const enqueued: TestMail['enqueued'] = [];
  const deps = createDeps(
    {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: urls.dynamodb,
      AWS_REGION: 'us-east-1',
      APP_URL: 'http://app.test',
      API_URL: urls.api,
      EMAIL_OUTBOX_DIR: outboxDir,
    },
    {
      clock: () => now ?? new Date(),
      logger: createLogger({ service: 'mail-test' }, () => undefined),
      events: { publish: async (type, detail) => void published.push({ type, detail }) },
      queue: {
        send: async (queue, messages) =>
          void enqueued.push(...messages.map((message) => ({ queue, message }))),
      },
    },
  );
  return { deps, outboxDir, published, enqueued, setNow: (date) => (now = date) };
}

export const messagesTo = (dir: string, to: string) => readOutbox(dir).filter((m) => m.to === to);

/** The local cloud's own outbox (messages sent through the gateway). */
export const cloudMessagesTo = (to: string) => messagesTo(join(cloud().dataDir, 'outbox'), to);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await sleep(200);
    value = await read();
  }
  return value;
}

export async function sendsOf(userId: string) {
  const { data } = await directData().emailSends.query.byUser({ user_id: userId }).go({ pages: 'all' });
  return data;
}
