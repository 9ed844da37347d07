// The coach's calls (docs/coach.md): ask a question, read the member's conversation a page at a time
// (newest first from the API, shown oldest first), and clear it. Keyed under the spec's page-data
// cache area with the active profile, so switching profiles shows that profile's conversation.
import { infiniteQueryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { cacheAreas } from '../../../lib/react-query.ts';

export const toolCallSchema = z.looseObject({
  name: z.string(),
  input: z.unknown(),
  result: z.nullable(z.record(z.string(), z.unknown())),
  error: z.nullable(z.string()),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

export const coachCardSchema = z.looseObject({ type: z.string(), data: z.record(z.string(), z.unknown()) });
export type CoachCard = z.infer<typeof coachCardSchema>;

export const coachMessageSchema = z.looseObject({
  id: z.string(),
  created_at: z.string(),
  role: z.enum(['user', 'coach']),
  text: z.string(),
  verified: z.nullable(z.boolean()),
  unmatched: z._default(z.array(z.string()), []),
  tool_calls: z._default(z.array(toolCallSchema), []),
  cards: z._default(z.array(coachCardSchema), []),
  suggestions: z._default(z.array(z.string()), []),
});
export type CoachMessage = z.infer<typeof coachMessageSchema>;

const pageSchema = z.object({ messages: z.array(coachMessageSchema), next_cursor: z.nullable(z.string()) });
const askSchema = z.object({ question: coachMessageSchema, answer: coachMessageSchema });

export const coachKey = (profileId: string) => [cacheAreas.pageData, profileId, 'coach'] as const;

export const conversationQueryOptions = (profileId: string) =>
  infiniteQueryOptions({
    queryKey: coachKey(profileId),
    queryFn: async ({ pageParam, signal }) =>
      pageSchema.parse(
        await api.get<unknown>('/coach/messages', {
          profileId,
          signal,
          query: { limit: 30, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 60_000,
  });

export async function askCoach(profileId: string, question: string) {
  return askSchema.parse(await api.post<unknown>('/coach/ask', { question }, { profileId }));
}

export async function clearConversation(profileId: string) {
  await api.delete<unknown>('/coach/messages', { profileId });
}
