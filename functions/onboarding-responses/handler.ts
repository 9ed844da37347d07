// spec §3 user_onboarding_responses insert: the signup questionnaire, answered before the account
// exists (public). The session id is generated here unless the client already has one.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { dataFor } from '../lib/data/index.ts';
import { CHALLENGES, GOALS } from '../lib/data/entities/onboarding-response.ts';
import { httpHandler, route } from '../lib/http.ts';

// spec §5 questionnaire messages.
export const onboardingResponseSchema = z
  .object({
    session_id: z.uuid().optional(),
    challenge: z.enum(CHALLENGES, 'Please select your biggest money challenge'),
    challenge_other: z.string().trim().max(500).optional(),
    goal: z.enum(GOALS, 'Please select your financial goal'),
    confidence_level: z
      .number('Please select your confidence level')
      .int('Please select your confidence level')
      .min(1, 'Please select your confidence level')
      .max(5, 'Please select your confidence level'),
  })
  .refine((v) => v.challenge !== 'other' || (v.challenge_other ?? '') !== '', {
    path: ['challenge_other'],
    message: 'Please describe your challenge',
  });

export const handler = httpHandler('onboarding-responses', {
  'POST /onboarding-responses': route({
    body: onboardingResponseSchema,
    status: 201,
    run: async ({ deps, body }) => {
      const session_id = body.session_id ?? randomUUID();
      await dataFor(deps)
        .onboardingResponses.put({
          session_id,
          challenge: body.challenge,
          challenge_other: body.challenge === 'other' ? body.challenge_other : undefined,
          goal: body.goal,
          confidence_level: body.confidence_level,
        })
        .go();
      return { session_id };
    },
  }),
});
