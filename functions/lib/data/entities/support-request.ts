// A support request from /help: what the person wrote, the diagnostics they agreed to
// include, and its state. Kept per user (their own requests) and sent to the support inbox by e-mail.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SUPPORT_TOPICS } from '../../../../domain/support-topics.ts';
import { model, timestamps } from './common.ts';

export function supportRequestEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('supportRequest'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true },
        topic: { type: SUPPORT_TOPICS, required: true },
        message: { type: 'string', required: true },
        /** Only with the person's consent: build version, route, the last error's correlation id. */
        diagnostics: { type: 'any' },
        status: { type: ['open', 'answered', 'closed'] as const, required: true, default: 'open' },
        ...timestamps,
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: ['created_at', 'id'] },
        },
      },
    },
    { client, table },
  );
}
