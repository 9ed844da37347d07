// The AI money coach: ask a question about the active profile's money (X-Profile-Id; any
// role may ask), read and delete one's own conversation. The coach behind the port answers from the
// tools; this handler checks every figure against the tools' results (one regeneration, then the
// answer is marked unverified), stores the turn, and enforces the per-user rate limit and daily budget.
// docs/coach.md.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { RateLimitError, ValidationError } from '../../domain/errors.ts';
import { checkNumbers } from '../../domain/coach/verify.ts';
import { withoutControlCharacters } from '../../domain/text.ts';
import { profileIdFromRequest, requireProfileAccess } from '../lib/access.ts';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { bedrockCoach, bedrockConfigFromEnv } from '../lib/coach/bedrock-coach.ts';
import { localCoach } from '../lib/coach/local-coach.ts';
import type { CoachAnswer, CoachPort } from '../lib/coach/port.ts';
import { dataFor, type Data } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { requireEntitlement } from '../lib/subscriptions/entitlement.ts';

/** spec §8 rate limit: questions per member per 10 minutes, per day, and model tokens per day. */
export const COACH_LIMITS = { perTenMinutes: 30, perDay: 300, tokensPerDay: 200_000 } as const;
export const MAX_QUESTION_CHARS = 500;

const questionBody = z
  .object({
    question: z
      .string({ error: 'is required' })
      // Control characters have no place in a question (and never reach a model or a log).
      .transform((q) => withoutControlCharacters(q).trim())
      .pipe(
        z
          .string()
          .min(1, 'must not be empty')
          .max(MAX_QUESTION_CHARS, `must be at most ${MAX_QUESTION_CHARS} characters`),
      ),
  })
  .strict();

let bedrock: CoachPort | null = null;
/** Which coach answers: Bedrock when a model is configured (the cloud), the offline coach otherwise. */
function coachOf(): CoachPort {
  const config = bedrockConfigFromEnv();
  if (!config) return localCoach;
  bedrock ??= bedrockCoach(new BedrockRuntimeClient({}), config);
  return bedrock;
}

async function countQuestion(data: Data, userId: string, now: Date): Promise<void> {
  const minute = Math.floor(now.getTime() / 600_000) * 600_000;
  const windows = [
    {
      window: `q:${new Date(minute).toISOString()}`,
      limit: COACH_LIMITS.perTenMinutes,
      ttl: minute / 1000 + 1200,
    },
    {
      window: `day:${now.toISOString().slice(0, 10)}`,
      limit: COACH_LIMITS.perDay,
      ttl: Math.floor(now.getTime() / 1000) + 2 * 86_400,
    },
  ];
  for (const w of windows) {
    const { data: counted } = await data.coachUsage
      .update({ user_id: userId, window: w.window })
      .add({ questions: 1 })
      .set({ ttl: w.ttl })
      .go({ response: 'all_new' });
    if ((counted.questions ?? 0) > w.limit) throw new RateLimitError();
    // The daily model budget: a day that has used its tokens takes no more questions.
    if (w.window.startsWith('day:') && (counted.tokens ?? 0) >= COACH_LIMITS.tokensPerDay)
      throw new RateLimitError();
  }
}

/** Adds a turn's model tokens to the member's day (the offline coach uses none). */
async function countTokens(data: Data, userId: string, now: Date, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  await data.coachUsage
    .update({ user_id: userId, window: `day:${now.toISOString().slice(0, 10)}` })
    .add({ tokens })
    .go();
}

function publicMessage(m: {
  id: string;
  created_at: string;
  role: 'user' | 'coach';
  text: string;
  verified?: boolean | undefined;
  unmatched?: string[] | undefined;
  tool_calls?: unknown;
  cards?: unknown;
  suggestions?: string[] | undefined;
}) {
  return {
    id: m.id,
    created_at: m.created_at,
    role: m.role,
    text: m.text,
    verified: m.role === 'coach' ? (m.verified ?? false) : null,
    unmatched: m.unmatched ?? [],
    tool_calls: (m.tool_calls as unknown[] | undefined) ?? [],
    cards: (m.cards as unknown[] | undefined) ?? [],
    suggestions: m.suggestions ?? [],
  };
}

/** An answer whose figures all come from its tools; one regeneration, then marked unverified. */
export async function checkedAnswer(
  coach: CoachPort,
  tc: Parameters<CoachPort['answer']>[0],
  question: string,
) {
  let answer: CoachAnswer = await coach.answer(tc, question);
  let check = checkNumbers(
    answer.text,
    answer.tool_calls.map((c) => c.result),
    question,
  );
  if (!check.verified) {
    answer = await coach.answer(
      tc,
      question,
      `These figures are not in any tool result: ${check.unmatched.join(', ')}. Use only figures the tools returned.`,
    );
    check = checkNumbers(
      answer.text,
      answer.tool_calls.map((c) => c.result),
      question,
    );
  }
  return { answer, check };
}

export const handler = httpHandler('coach', {
  'POST /coach/ask': route({
    body: questionBody,
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      const access = await requireProfileAccess(data, caller, profileId, 'read');
      // The coach is a paid feature, whatever the screen shows.
      await requireEntitlement(deps, data, {
        ownerId: access.profile.owner_user_id,
        callerId: caller.userId,
      });
      const now = deps.clock();
      await countQuestion(data, caller.userId, now);
      const coach = coachOf();
      const role = access.role === 'owner' || access.role === 'editor' ? access.role : 'viewer';
      const tc = { money: { data, deps }, profileId, userId: caller.userId, role } as const;
      const { answer, check } = await checkedAnswer(coach, tc, body.question);
      await countTokens(data, caller.userId, now, answer.usage.input_tokens + answer.usage.output_tokens);
      // The conversation is stored for the member; its text is never logged.
      deps.logger.info('coach answered', {
        coach: coach.name,
        tools: answer.tool_calls.map((c) => c.name),
        verified: check.verified,
        figures: check.checked,
      });
      // spec §7 ai_coach_used: the follow-up e-mail goes out once per person.
      await deps.events
        .publish('CoachUsed', { userId: caller.userId, profileId })
        .catch((error: unknown) =>
          deps.logger.warn('CoachUsed not published', { error: (error as Error).message }),
        );
      const asked = { id: randomUUID(), created_at: now.toISOString() };
      const answered = { id: randomUUID(), created_at: new Date(now.getTime() + 1).toISOString() };
      const key = { profile_id: profileId, user_id: caller.userId };
      const question = { ...key, ...asked, role: 'user' as const, text: body.question };
      const reply = {
        ...key,
        ...answered,
        role: 'coach' as const,
        text: answer.text,
        verified: check.verified,
        unmatched: check.unmatched,
        tool_calls: answer.tool_calls,
        cards: answer.cards,
        suggestions: [...answer.suggestions],
        coach: coach.name,
      };
      await data.coachMessages.put([question, reply]).go();
      await data.engagementMetrics
        .upsert({ user_id: caller.userId, ai_coach_used: true })
        .go()
        .catch((error: unknown) =>
          deps.logger.warn('engagement not recorded', { error: (error as Error).message }),
        );
      return { question: publicMessage(question), answer: publicMessage(reply) };
    },
  }),
  'GET /coach/messages': route({
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().min(1).max(2_000).optional(),
    }),
    run: async ({ deps, caller, query, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      const access = await requireProfileAccess(data, caller, profileId, 'read');
      await requireEntitlement(deps, data, {
        ownerId: access.profile.owner_user_id,
        callerId: caller.userId,
      });
      let result;
      try {
        result = await data.coachMessages.query
          .byMember({ profile_id: profileId, user_id: caller.userId })
          .go({ order: 'desc', limit: query.limit, cursor: query.cursor ?? null });
      } catch (error) {
        if (query.cursor)
          throw new ValidationError([{ field: 'cursor', message: 'is not valid' }], { cause: error });
        throw error;
      }
      return { messages: result.data.map(publicMessage), next_cursor: result.cursor ?? null };
    },
  }),
  'DELETE /coach/messages': route({
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const { data: keys } = await data.coachMessages.query
        .byMember({ profile_id: profileId, user_id: caller.userId })
        .go({ pages: 'all', attributes: ['profile_id', 'user_id', 'created_at', 'id'] });
      if (keys.length > 0) await data.coachMessages.delete(keys).go();
      return { deleted: keys.length };
    },
  }),
});
