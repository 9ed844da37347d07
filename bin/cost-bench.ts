// The cost model of `npm run bench`: dollars per active user-month at 1k, 100k and 1M people, beside the
// target of at most $0.03 at 100k. Built from what one person's use consumes, measured on the local
// cloud: a person links a sandbox bank (First Gingham: checking, savings, a card, 24 months), their plan
// is generated, and then each operation of a stated usage profile runs through the gateway or its work
// queue. For each operation: DynamoDB read and write units from the data layer's capacity meter
// (ReturnConsumedCapacity on every call), events published, and the time from the request until every
// bus delivery and queue it started has drained (a conservative stand-in for Lambda's billed duration,
// multiplied by the catalog memory of the function that answers). Prices: bin/cost-prices.ts.
import { performance } from 'node:perf_hooks';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dueShard } from '../events/queues.ts';
import { catalog } from '../functions/catalog.ts';
import { meterCapacity, type CapacityMeter } from '../functions/lib/data/capacity-meter.ts';
import { dataFor } from '../functions/lib/data/index.ts';
import { getDeps } from '../functions/lib/deps.ts';
import { dynamoClient } from '../local/bootstrap.ts';
import { startThrowawayCloud, type LocalCloud } from '../local/cloud.ts';
import { drainLocalWork } from '../local/work-queues.ts';
import { benchUser } from './bench-user.ts';
import { cognitoPlans, COGNITO_PLAN, cost, prices, PRICES_READ_ON } from './cost-prices.ts';
import { profileWithBank, type Figure } from './money-bench.ts';

/** What the model charges each operation: measured once per run (the mean of `repeat` runs). */
interface Measured {
  read: number;
  write: number;
  events: number;
  ms: number;
  /** Lambda invocations the operation makes (its request, or its queue message, plus bus deliveries). */
  invocations: number;
}

interface Operation {
  name: string;
  /** Times an active person does it in a month (the usage profile). */
  perMonth: number;
  /** The catalog function whose memory the time is billed at. */
  fn: string;
  kind: 'http' | 'job';
  run: () => Promise<unknown>;
}

/**
 * The usage profile of an active person in a month, stated: 20 visits (about five a week), each opening
 * the app (profile, profiles, subscription) and reading three calendar months, the accounts, the plan and
 * the alerts; four plan edits; six coach questions; one bank, refreshed on its schedule once a day
 * with nothing new and synced once a day when Plaid says a day's transactions are in; the forecast's
 * daily upkeep; the weekly digest, the monthly report and the daily card-free-trial check; a regenerated
 * plan every five months.
 */
const VISITS = 20;
const usage = {
  visit: VISITS,
  calendarMonth: 3 * VISITS,
  accounts: VISITS,
  planList: VISITS,
  alerts: VISITS,
  planEdit: 4,
  coachQuestion: 6,
  generatePlan: 0.2,
  refreshNothingNew: 30,
  dayOfTransactions: 30,
  dailyUpkeep: 30,
  weeklyDigest: 4.35,
  monthlyReport: 1,
  trialCheck: 30,
} as const;

/** Per month: e-mails sent (digest, report, a few alerts), realtime minutes and messages (a 25 s
 * heartbeat both ways over 20 visits of 20 minutes, plus pushes), log bytes per invocation, the coach's
 * tokens per question, KMS calls per sync (the bank's token), web requests and bytes. */
const assumptions = {
  emails: 4.35 + 1 + 2,
  realtimeMinutes: VISITS * 20,
  realtimeMessages: ((VISITS * 20 * 60) / 25) * 2 + 100,
  logBytesPerInvocation: 1_500,
  coachInputTokens: 3_000,
  coachOutputTokens: 400,
  kmsCallsPerSync: 1,
  webRequests: VISITS * 4,
  webGb: 0.005,
} as const;

/** Copies of a stored item in its indexes (gsi1 ALL, gsi2 and gsi3 a few attributes): the storage factor. */
const PROJECTED_BYTES = { gsi2: 300, gsi3: 100 } as const;

const memoryGbOf = (name: string) => (catalog.find((e) => e.name === name)?.memoryMb ?? 512) / 1024;

/** The bench runs the local cloud in process: every delivery and queue it started, drained. */
const drain = (cloud: LocalCloud) => drainLocalWork(cloud.events, cloud.queues);

async function measure(
  cloud: LocalCloud,
  meter: CapacityMeter,
  events: { count: number },
  op: Operation,
  repeat: number,
): Promise<Measured> {
  const totals = { read: 0, write: 0, events: 0, ms: 0 };
  for (let i = 0; i < repeat; i += 1) {
    await drain(cloud);
    const eventsBefore = events.count;
    const started = performance.now();
    const { capacity } = await meter.measure(async () => {
      await op.run();
      await drain(cloud);
    });
    totals.ms += performance.now() - started;
    totals.read += capacity.read;
    totals.write += capacity.write;
    totals.events += events.count - eventsBefore;
  }
  const mean = (value: number) => value / repeat;
  // Each event is delivered to its consumers: count two invocations an event on average.
  return {
    read: mean(totals.read),
    write: mean(totals.write),
    events: mean(totals.events),
    ms: mean(totals.ms),
    invocations: 1 + 2 * mean(totals.events),
  };
}

/** Bytes stored for the throwaway cloud's people, table and index copies (a bench-only Scan). */
async function storedBytes(cloud: LocalCloud): Promise<{ bytes: number; items: number }> {
  const ddb = DynamoDBDocumentClient.from(dynamoClient(cloud.urls.dynamodb));
  let bytes = 0;
  let items = 0;
  let key: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: cloud.tableName, ExclusiveStartKey: key }));
    for (const item of page.Items ?? []) {
      const size = Buffer.byteLength(JSON.stringify(item));
      bytes += size + (item.gsi1pk ? size : 0) + (item.gsi2pk ? PROJECTED_BYTES.gsi2 : 0);
      bytes += item.gsi3pk ? PROJECTED_BYTES.gsi3 : 0;
      items += 1;
    }
    key = page.LastEvaluatedKey;
  } while (key);
  return { bytes, items };
}

export async function benchCost(repeat = 3): Promise<{ figures: Figure[]; lines: string[] }> {
  const cloud = await startThrowawayCloud('moneycal-cost-');
  try {
    const deps = getDeps();
    const meter = meterCapacity(deps.ddb);
    const events = { count: 0 };
    const publish = deps.events.publish.bind(deps.events);
    deps.events = {
      publish: (type, detail) => {
        events.count += 1;
        return publish(type, detail);
      },
    };
    const { token } = await benchUser(cloud, 'cost');
    const { headers, profileId } = await profileWithBank(cloud, token, 'ins_109509');
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${cloud.urls.api}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    await api('POST', '/money-plan/generate', {});
    await drain(cloud);
    const data = dataFor(deps);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const { items } = (await api('GET', `/money-plan/items?from=${day(0)}&to=${day(60)}`)) as {
      items: Array<{ id: string; amount: number }>;
    };
    const edited = items[0];
    const userId = (await api('GET', '/profiles/me')).id as string;
    const { data: bankItems } = await data.plaidItems.query.byUser({ user_id: userId }).go({ hydrate: true });
    const itemId = bankItems[0]!.id;
    const send = (queue: string, messages: unknown[]) =>
      fetch(`${cloud.urls.api}/__ops/queues/${queue}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(messages),
      });
    const month = new Date().toISOString().slice(0, 7);

    const operations: Operation[] = [
      {
        name: 'visit: profile, profiles, subscription',
        perMonth: usage.visit,
        fn: 'profiles',
        kind: 'http',
        run: async () => {
          await api('GET', '/profiles/me');
          await api('GET', '/financial-profiles');
          await api('POST', '/functions/check-subscription', {});
        },
      },
      {
        name: 'calendar month',
        perMonth: usage.calendarMonth,
        fn: 'get-money-plan-calendar',
        kind: 'http',
        run: () => api('POST', '/functions/get-money-plan-calendar', { month }),
      },
      {
        name: 'accounts',
        perMonth: usage.accounts,
        fn: 'accounts',
        kind: 'http',
        run: () => api('GET', '/accounts'),
      },
      {
        name: 'plan list',
        perMonth: usage.planList,
        fn: 'money-plan',
        kind: 'http',
        run: () => api('GET', `/money-plan/items?from=${day(-31)}&to=${day(400)}&includeDeleted=true`),
      },
      {
        name: 'alerts',
        perMonth: usage.alerts,
        fn: 'alerts',
        kind: 'http',
        run: () => api('GET', '/alerts'),
      },
      {
        name: 'plan edit (and the forecast behind it)',
        perMonth: usage.planEdit,
        fn: 'money-plan',
        kind: 'http',
        run: async () => {
          if (!edited) return;
          await api('PATCH', `/money-plan/items/${edited.id}`, { amount: edited.amount - 100 });
          await api('PATCH', `/money-plan/items/${edited.id}`, { amount: edited.amount });
        },
      },
      {
        name: 'coach question',
        perMonth: usage.coachQuestion,
        fn: 'coach',
        kind: 'http',
        run: () => api('POST', '/coach/ask', { question: 'What is my lowest balance in the next 30 days?' }),
      },
      {
        name: 'generate my plan (and its forecast)',
        perMonth: usage.generatePlan,
        fn: 'money-plan',
        kind: 'http',
        run: () => api('POST', '/money-plan/generate', {}),
      },
      {
        name: 'scheduled refresh, nothing new',
        perMonth: usage.refreshNothingNew,
        fn: 'smart-plaid-sync',
        kind: 'job',
        run: async () => {
          await data.plaidItems
            .patch({ id: itemId })
            .set({
              next_refresh_after: new Date(Date.now() - 1000).toISOString(),
              refresh_queue: dueShard(itemId),
            })
            .go();
          await send('plaid-refresh', [{ itemId }]);
        },
      },
      {
        name: "a day's transactions (webhook, sync, forecast, alerts)",
        perMonth: usage.dayOfTransactions,
        fn: 'plaid-transactions-sync',
        kind: 'job',
        run: async () => {
          cloud.plaid.clock.advanceDays(1);
          await cloud.plaid.webhooks.flush();
        },
      },
      {
        name: 'daily upkeep (plan kept up, forecast moved on)',
        perMonth: usage.dailyUpkeep,
        fn: 'running-balances',
        kind: 'job',
        run: async () => {
          await data.profileForecasts
            .patch({ profile_id: profileId })
            .set({
              next_due_at: new Date(Date.now() - 1000).toISOString(),
              forecast_queue: dueShard(profileId),
            })
            .go();
          await send('profile-maintenance', [{ profileId }]);
        },
      },
      {
        name: 'weekly digest',
        perMonth: usage.weeklyDigest,
        fn: 'sendgrid-email-automation',
        kind: 'job',
        // A new occasion each time, so each run writes the e-mail as the week's first would.
        run: () =>
          send('scheduled-email', [
            {
              kind: 'weekly_digest',
              userId,
              occasion: `2000-01-${String(Math.floor(Math.random() * 28) + 1).padStart(2, '0')}`,
            },
          ]),
      },
      {
        name: 'monthly report',
        perMonth: usage.monthlyReport,
        fn: 'sendgrid-email-automation',
        kind: 'job',
        run: () =>
          send('scheduled-email', [
            {
              kind: 'monthly_report',
              userId,
              occasion: `19${String(Math.floor(Math.random() * 90) + 10)}-01`,
            },
          ]),
      },
      {
        name: 'daily card-free trial check',
        perMonth: usage.trialCheck,
        fn: 'sendgrid-email-automation',
        kind: 'job',
        run: () => send('scheduled-email', [{ kind: 'trial_ending', userId }]),
      },
    ];

    const lines: string[] = [];
    let dynamo = 0;
    let lambda = 0;
    let invocations = 0;
    let httpRequests = 0;
    let jobMessages = 0;
    let eventCount = 0;
    let syncs = 0;
    for (const op of operations) {
      const m = await measure(cloud, meter, events, op, repeat);
      const opDynamo = cost(prices.dynamoRead, m.read) + cost(prices.dynamoWrite, m.write);
      const opLambda = cost(prices.lambdaCompute, (m.ms / 1000) * memoryGbOf(op.fn));
      dynamo += op.perMonth * opDynamo;
      lambda += op.perMonth * opLambda;
      invocations += op.perMonth * m.invocations;
      eventCount += op.perMonth * m.events;
      if (op.kind === 'http') httpRequests += op.perMonth;
      else jobMessages += op.perMonth;
      if (op.fn === 'smart-plaid-sync' || op.fn === 'plaid-transactions-sync') syncs += op.perMonth;
      lines.push(
        `  ${op.name}: ${op.perMonth}/month × (${m.read.toFixed(1)} RCU, ${m.write.toFixed(1)} WCU, ${m.events.toFixed(1)} events, ${m.ms.toFixed(0)} ms) = $${(op.perMonth * (opDynamo + opLambda)).toFixed(5)}`,
      );
    }
    const stored = await storedBytes(cloud);
    const storageGb = stored.bytes / 1024 ** 3;
    const variable = {
      'DynamoDB requests': dynamo,
      'DynamoDB storage': cost(prices.dynamoStorage, storageGb),
      'Lambda compute': lambda,
      'Lambda requests': cost(prices.lambdaRequests, invocations),
      'API Gateway HTTP': cost(prices.httpApi, httpRequests * 1.5),
      'API Gateway WebSocket':
        cost(prices.websocketMessages, assumptions.realtimeMessages) +
        cost(prices.websocketMinutes, assumptions.realtimeMinutes),
      SQS: cost(prices.sqsRequests, jobMessages * 3),
      EventBridge: cost(prices.eventBridgeEvents, eventCount),
      SES: cost(prices.sesEmails, assumptions.emails),
      'CloudWatch Logs': cost(
        prices.logsIngested,
        (invocations * assumptions.logBytesPerInvocation) / 1024 ** 3,
      ),
      'Bedrock (coach)':
        usage.coachQuestion *
        (cost(prices.bedrockInput, assumptions.coachInputTokens) +
          cost(prices.bedrockOutput, assumptions.coachOutputTokens)),
      KMS: cost(prices.kmsRequests, syncs * assumptions.kmsCallsPerSync),
      CloudFront: cost(prices.cloudFrontRequests, assumptions.webRequests),
    };
    const variableTotal = Object.values(variable).reduce((a, b) => a + b, 0);
    const alarms = catalog.length * 3 + 4 * 2 + 2;
    const fixedMonthly =
      cost(prices.alarm, alarms) +
      cost(prices.dashboard, 1) +
      cost(prices.kmsKey, 2) +
      cost(prices.secret, 2);
    const plan = cognitoPlans[COGNITO_PLAN];
    const perUser = (people: number) => {
      const cognito = (Math.max(0, people - plan.freeMau) * plan.usdPerMau) / people;
      return variableTotal + cognito + fixedMonthly / people;
    };
    lines.unshift(
      `Cost model (prices read ${PRICES_READ_ON}, us-east-1 list; bin/cost-prices.ts), one active person a month:`,
    );
    lines.push(
      `  stored: ${stored.items} items, ${(stored.bytes / 1024 / 1024).toFixed(2)} MB with index copies`,
      ...Object.entries(variable).map(([name, usd]) => `  ${name}: $${usd.toFixed(5)}`),
      `  Cognito (${COGNITO_PLAN}): $${plan.usdPerMau}/MAU over ${plan.freeMau} free; fixed: ${alarms} alarms, a dashboard, 2 keys, 2 secrets = $${fixedMonthly.toFixed(2)}/month`,
    );
    const baseline = { baselineName: 'target at 100k people', baseline: 0.03 };
    const figures: Figure[] = [1_000, 100_000, 1_000_000].map((people) => ({
      name: `cost per active user-month at ${people.toLocaleString('en-US')} people`,
      value: perUser(people),
      unit: '$',
      ...baseline,
      ...(people === 100_000 ? { budget: 0.03 } : {}),
    }));
    return { figures, lines };
  } finally {
    await cloud.stop();
  }
}
