// How the coaches do on questions as people type them (tests/integration/coach-people-set.ts: over 300
// questions from six personas, lower case, typos, slang, numbers in words, no punctuation), each with its
// expected figures computed from the engine through the API (coach-people-figures.ts), never from the
// coach's tools. The set's development half is the one looked at while building; the held-out half is
// never tuned on (its misses are counted, not printed). Each answer is right (every expected figure in
// it), asked back (no figure stated) or wrong (a figure, not the expected one); no answer may be
// confidently wrong, and every answer passes the number check (checkedAnswer, as the handler runs it).
// The offline coach answers in-process on First Platypus Bank with the plan generated; the Bedrock
// coach answers the same set when AWS credentials are present (skipped otherwise). Also, through the
// API: what the answer says it understood.
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usd } from '../../domain/coach/verify.ts';
import { checkedAnswer } from '../../functions/coach/handler.ts';
import { bedrockCoach } from '../../functions/lib/coach/bedrock-coach.ts';
import { localCoach } from '../../functions/lib/coach/local-coach.ts';
import type { CoachPort } from '../../functions/lib/coach/port.ts';
import type { ToolContext } from '../../functions/lib/coach/tool-context.ts';
import { createLogger } from '../../functions/lib/logger.ts';
import { beforePayday, billsWithin, debtPayment, dipUnder } from './coach-people-ahead.ts';
import { lastMonth, monthOf, spentIn, type Asker } from './coach-people-figures.ts';
import { CASES, half, scoreSet, type Scores } from './coach-people-set.ts';
import { directData, type TestUser } from './helpers.ts';
import { forecastSettled, generatePlan, joinAs, linkedUser, profileApi } from './money-helpers.ts';

interface Answer {
  text: string;
  verified: boolean;
}

let owner: { user: TestUser; profileId: string };
let partner: TestUser;
let asker: Asker;
let tc: ToolContext;

beforeAll(async () => {
  const { user, profileId, accounts } = await linkedUser('ins_109508');
  owner = { user, profileId };
  expect((await generatePlan({ token: user.idToken, profileId })).status).toBe(200);
  partner = await joinAs(user, profileId, 'editor');
  asker = {
    api: async <T>(method: string, path: string, body?: unknown) =>
      profileApi<T>(method, path, { token: user.idToken, profileId, body }),
    accounts,
    cache: new Map(),
  };
  tc = {
    money: {
      data: directData(),
      deps: {
        clock: () => new Date(),
        logger: createLogger({}, () => undefined),
        events: { publish: async () => {} },
      },
    },
    profileId,
    userId: user.userId,
    role: 'owner',
  };
}, 300_000);
afterAll(() => forecastSettled(owner.profileId));

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
function report(coach: string, s: Scores) {
  const line = (h: 'dev' | 'held-out') =>
    `${h}: ${s[h].right}/${s[h].total} right (${pct(s[h].right, s[h].total)}), ${s[h].clarify} asked back, ${s[h].wrong} wrong`;
  console.log(
    `${coach} coach on people's questions — ${line('dev')}; ${line('held-out')}; unverified ${s.unverified}`,
  );
  if (s.devMisses.length) console.log(s.devMisses.join('\n'));
}

describe("people's questions", () => {
  it('the set holds at least 300 questions from six personas, split once into two halves', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(CASES.map((k) => k.persona)).size).toBe(6);
    expect(new Set(CASES.map((k) => k.question)).size).toBe(CASES.length);
    const held = CASES.filter((k) => half(k.question) === 'held-out').length;
    expect(held).toBeGreaterThan(CASES.length / 3);
    expect(held).toBeLessThan((2 * CASES.length) / 3);
  });

  const run = (coach: CoachPort) =>
    scoreSet(asker, async (question) => {
      const { answer, check } = await checkedAnswer(coach, tc, question);
      return { text: answer.text, verified: check.verified };
    });

  it('the offline coach answers right or asks back, every answer checked; prints both halves', async () => {
    const s = await run(localCoach);
    report('offline', s);
    expect(s.unverified).toBe(0);
    expect(s.dev.wrong).toBe(0);
    // The target on the held-out half, met (docs/coach.md): 0 wrong and at least 90 % right.
    expect(s['held-out'].right / s['held-out'].total).toBeGreaterThanOrEqual(0.9);
    expect(s['held-out'].wrong).toBe(0);
  }, 900_000);

  const credentials = Boolean(
    process.env.AWS_ACCESS_KEY_ID || process.env.AWS_PROFILE || process.env.AWS_WEB_IDENTITY_TOKEN_FILE,
  );
  it.skipIf(!credentials)(
    'the Bedrock coach answers the same set (AWS credentials present)',
    async () => {
      const coach = bedrockCoach(new BedrockRuntimeClient({}), {
        modelId: process.env.COACH_BEDROCK_MODEL_ID ?? 'amazon.nova-lite-v1:0',
        maxTokens: 800,
        temperature: 0.2,
      });
      const s = await run(coach);
      report('Bedrock', s);
      expect(s['held-out'].wrong).toBe(0);
    },
    3_600_000,
  );
});

describe('what the answer says it understood', () => {
  const ask = async (question: string) => {
    const { status, body } = await profileApi<{ answer: Answer }>('POST', '/coach/ask', {
      token: partner.idToken,
      profileId: owner.profileId,
      body: { question },
    });
    expect(status).toBe(200);
    expect(body.answer.verified, body.answer.text).toBe(true);
    return body.answer.text;
  };
  const monthName = (offset: number) =>
    new Date(`${monthOf(offset)}-01T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });

  it('totals a category by its stored category, naming the category and the month', async () => {
    const text = await ask('How much did I spend on groceries last month?');
    const { total, count } = await spentIn(asker, lastMonth().from, lastMonth().to, [
      'FOOD_AND_DRINK_GROCERIES',
    ]);
    expect(count).toBeGreaterThan(0);
    expect(text).toContain(`Groceries, ${monthName(-1)}: ${usd(total)} spent across ${count} transactions.`);
    expect(text).not.toContain('found no transactions');
  });

  it('answers a yes/no question yes or no first, then the figure', async () => {
    const text = await ask('will i dip under $100 before payday');
    const [yes, low] = await dipUnder(10_000, beforePayday)(asker);
    expect(text.startsWith(`${yes} — `), text).toBe(true);
    expect(text).toContain(`is ${low}`);
    expect(text).toMatch(/before payday \(/);
  });

  it('says where the forecast ends for a year past it', async () => {
    const text = await ask('what will my balance be in 2031');
    expect(text).toMatch(/^That is past the end of your forecast: it runs two years ahead, to /);
  });

  it("names a loan's payment, not its balance, and when it is paid off", async () => {
    const text = await ask('whats my student loan payment');
    const [payment, day] = await debtPayment('student')(asker);
    expect(text).toMatch(/^Plaid Student Loan/);
    expect(text).toContain(`the next payment is ${payment!} on ${day!}`);
  });

  it('lists as bills only cash going out, counted in English', async () => {
    const text = await ask('what bills are due in the next 30 days');
    expect(text).toMatch(/^(1 bill is due|\d+ bills are due|Nothing is due)/);
    // A loan's monthly interest accrues on the loan: the payment from checking is the bill.
    expect(text).not.toMatch(/^• Interest/m);
    const [total] = await billsWithin(30)(asker);
    expect(text).toContain(total!);
  });

  it('reads a holiday by name as the window', async () => {
    const text = await ask('whats the lowest my balance gets before christmas');
    expect(text).toMatch(/before Christmas through \w{3}, Dec 24/);
  });

  it('asks back, naming what it understood, when only a category is clear', async () => {
    const text = await ask('groceries??');
    expect(text).toMatch(/^I think you're asking about Groceries/);
    expect(text).not.toMatch(/\$\d/);
  });
});
