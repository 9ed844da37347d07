// POST /onboarding-responses (public, spec §7 insert user_onboarding_responses): the questionnaire's
// answers, stored before the account exists. 'other' stores the typed text as challenge_other.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import type { Answers } from '../utils/questionnaire.ts';

const savedSchema = z.object({ session_id: z.string() });

export function toRequestBody(sessionId: string, answers: Answers) {
  return {
    session_id: sessionId,
    challenge: answers.challenge,
    ...(answers.challenge === 'other' ? { challenge_other: answers.challengeOther.trim() } : {}),
    goal: answers.goal,
    confidence_level: answers.confidence,
  };
}

export async function saveOnboardingResponse(input: { sessionId: string; answers: Answers }) {
  return savedSchema.parse(
    await api.post<unknown>('/onboarding-responses', toRequestBody(input.sessionId, input.answers), {
      auth: false,
    }),
  );
}

export function useSaveOnboardingResponse() {
  return useMutation({ mutationFn: saveOnboardingResponse });
}
