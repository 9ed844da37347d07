// The money coach's records: each member's conversation on a profile (questions and
// answers with the tool results behind them, newest first, deletable) and their usage counters (the
// per-user rate limit and daily token budget), which expire on their own.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model } from './common.ts';

export function coachMessageEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('coachMessage'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        created_at: { type: 'string', required: true, readOnly: true },
        role: { type: ['user', 'coach'] as const, required: true },
        text: { type: 'string', required: true },
        /** Coach answers: every figure matched a tool result (domain/coach/verify.ts). */
        verified: { type: 'boolean' },
        unmatched: { type: 'list', items: { type: 'string' } },
        /** The tool calls behind an answer ("How I worked this out"), and its figure cards. */
        tool_calls: { type: 'any' },
        cards: { type: 'any' },
        suggestions: { type: 'list', items: { type: 'string' } },
        coach: { type: 'string' },
      },
      indexes: {
        byMember: {
          pk: { field: 'pk', composite: ['profile_id', 'user_id'] },
          sk: { field: 'sk', composite: ['created_at', 'id'] },
        },
      },
    },
    { client, table },
  );
}

export function coachUsageEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('coachUsage'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        /** 'q:<10-minute window start>' for questions, 'day:<YYYY-MM-DD>' for the daily budget. */
        window: { type: 'string', required: true, readOnly: true },
        questions: { type: 'number' },
        tokens: { type: 'number' },
        /** Epoch seconds; DynamoDB Local keeps expired items, so readers compare it too. */
        ttl: { type: 'number' },
      },
      indexes: {
        byUserWindow: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: ['window'] },
        },
      },
    },
    { client, table },
  );
}
