// `npm run bench`, the coach: answer time of the offline coach through the gateway for a
// question set on First Gingham (p50/p95; budget p95 300 ms), beside the time of the same tool calls run
// in-process against the same DynamoDB Local — the difference is the gateway, the handler, the number
// check and storing the turn. 29 questions: the coach's own rate limit is 30 per 10 minutes per member.
// Then the people's-question set (tests/integration/coach-people-set.ts, over 300 questions from six
// personas) answered in-process by the offline coach with the number check, on First Platypus Bank with
// the plan generated: the held-out half's % right (target at least 90) and % confidently wrong (target 0).
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';
import type { ToolContext } from '../functions/lib/coach/tool-context.ts';
import { runTool } from '../functions/lib/coach/tools.ts';
import { createData } from '../functions/lib/data/index.ts';
import { createLogger } from '../functions/lib/logger.ts';
import { dynamoClient } from '../local/bootstrap.ts';
import { checkedAnswer } from '../functions/coach/handler.ts';
import { localCoach } from '../functions/lib/coach/local-coach.ts';
import type { Asker } from '../tests/integration/coach-people-figures.ts';
import { scoreSet } from '../tests/integration/coach-people-set.ts';
import type { LocalCloud } from '../local/cloud.ts';
import { percentile, profileWithBank, type Figure } from './money-bench.ts';

export const COACH_BENCH_QUESTIONS = [
  'Can I afford $600 on the 20th?',
  'can i afford 1.2k next friday',
  'Is it ok to buy a $2,500 laptop tomorrow?',
  'Could I afford $45 a month for a gym from the 1st?',
  "What's my lowest balance in the next 30 days?",
  'How low will my cash get in the next 90 days?',
  'Will I overdraft this week?',
  'What will my balance be at the end of the month?',
  'When is my next payday?',
  'What bills are due this week?',
  'Which bills are due in the next 14 days?',
  'What subscriptions do I have?',
  'How much did I spend last month compared to the month before?',
  'What happened yesterday?',
  'How much did I spend at Safeway last month?',
  'How can I save $2,000 by June?',
  'Tell me a joke',
];

function userIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

export async function benchCoach(cloud: LocalCloud, token: string): Promise<Figure[]> {
  const { profileId, headers } = await profileWithBank(cloud, token, 'ins_109509');
  const generated = await fetch(`${cloud.urls.api}/money-plan/generate`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  // A job (docs/jobs.md): the drain waits for it and for what it sets off.
  if (generated.status !== 202) throw new Error(`generate answered ${generated.status}`);
  do {
    await cloud.events.drain();
    await cloud.queues.drain();
  } while (cloud.events.busy() || cloud.queues.busy());

  const ask = async (question: string) => {
    const started = performance.now();
    const response = await fetch(`${cloud.urls.api}/coach/ask`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question }),
    });
    if (response.status !== 200) throw new Error(`coach answered ${response.status}`);
    const body = (await response.json()) as {
      answer: { tool_calls: Array<{ name: string; input: unknown }> };
    };
    return { ms: performance.now() - started, calls: body.answer.tool_calls };
  };
  await ask('What bills are due this week?'); // warm-up: module loading, the forecast's first read
  const answers = [];
  for (let i = 0; i < 29; i += 1)
    answers.push(await ask(COACH_BENCH_QUESTIONS[i % COACH_BENCH_QUESTIONS.length] ?? ''));

  const data = createData({
    ddb: DynamoDBDocumentClient.from(dynamoClient(cloud.urls.dynamodb), {
      marshallOptions: { removeUndefinedValues: true },
    }),
    tableName: cloud.tableName,
  });
  const tc: ToolContext = {
    money: {
      data,
      deps: {
        clock: () => new Date(),
        logger: createLogger({}, () => undefined),
        events: { publish: async () => {} },
      },
    },
    profileId,
    userId: userIdOf(token),
  };
  const toolTimes: number[] = [];
  for (const answer of answers) {
    const started = performance.now();
    for (const call of answer.calls) await runTool(tc, call.name, call.input);
    toolTimes.push(performance.now() - started);
  }
  const people = await peopleScores(cloud, token, tc);
  const gateway = answers.map((a) => a.ms).sort((a, b) => a - b);
  toolTimes.sort((a, b) => a - b);
  return [
    {
      name: 'coach answer through the gateway p50 (offline coach, 29 questions)',
      value: percentile(gateway, 50),
      unit: 'ms',
      baselineName: 'the same tool calls in-process p50',
      baseline: percentile(toolTimes, 50),
    },
    {
      name: 'coach answer through the gateway p95',
      value: percentile(gateway, 95),
      unit: 'ms',
      baselineName: 'the same tool calls in-process p95',
      baseline: percentile(toolTimes, 95),
      budget: 300,
    },
    ...people,
  ];
}

/** The people's-question set on First Platypus Bank (linked to the same profile, the plan generated
 * again): each half's share right and confidently wrong. */
async function peopleScores(
  cloud: LocalCloud,
  token: string,
  tc: ToolContext,
): Promise<Array<Figure & { atLeast?: number }>> {
  const { headers } = await profileWithBank(cloud, token, 'ins_109508');
  await fetch(`${cloud.urls.api}/money-plan/generate`, { method: 'POST', headers, body: '{}' });
  do {
    await cloud.events.drain();
    await cloud.queues.drain();
  } while (cloud.events.busy() || cloud.queues.busy());
  const api = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${cloud.urls.api}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const accounts = (await api<{ accounts: Asker['accounts'] }>('GET', '/accounts')).body.accounts;
  const s = await scoreSet({ api, accounts, cache: new Map() }, async (question) => {
    const { answer, check } = await checkedAnswer(localCoach, { ...tc, role: 'owner' }, question);
    return { text: answer.text, verified: check.verified };
  });
  const share = (n: number, d: number) => (100 * n) / Math.max(1, d);
  const held = s['held-out'];
  return [
    {
      name: `coach, people's questions: held-out half right (offline coach, ${held.total} questions never tuned on)`,
      value: share(held.right, held.total),
      unit: '%',
      baselineName: `development half (${s.dev.total} questions)`,
      baseline: share(s.dev.right, s.dev.total),
      atLeast: 90,
    },
    {
      name: "coach, people's questions: held-out half confidently wrong",
      value: share(held.wrong, held.total),
      unit: '%',
      baselineName: 'development half',
      baseline: share(s.dev.wrong, s.dev.total),
      budget: 0,
    },
  ];
}
