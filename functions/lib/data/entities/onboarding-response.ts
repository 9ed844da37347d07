// spec §3 user_onboarding_responses: the signup questionnaire, sent before the account exists.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso } from './common.ts';

export const CHALLENGES = [
  'debt',
  'paycheck-to-paycheck',
  'budgeting-apps-failed',
  'peace-of-mind',
  'other',
] as const;
export const GOALS = [
  'pay-off-credit-cards',
  'emergency-savings',
  'control-spending',
  'save-for-specific',
  'reduce-stress',
  'not-sure',
] as const;

export function onboardingResponseEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('onboardingResponse'),
      attributes: {
        session_id: { type: 'string', required: true, readOnly: true },
        challenge: { type: CHALLENGES, required: true },
        challenge_other: { type: 'string' },
        goal: { type: GOALS, required: true },
        confidence_level: { type: 'number', required: true, validate: (v: number) => v >= 1 && v <= 5 },
        user_id: { type: 'string' },
        created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
      },
      indexes: {
        bySession: { pk: { field: 'pk', composite: ['session_id'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );
}
