// spec §3 email_sends, email_campaigns and email_campaign_templates: the e-mail history of a user
// (newest first, default limit 50) and campaign analytics (delivery, open, click and bounce rates).
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export const EMAIL_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'failed',
] as const;

export function emailSendEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('emailSend'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        to_email: { type: 'string', required: true },
        campaign_id: { type: 'string' },
        template_id: { type: 'string' },
        subject: { type: 'string', required: true },
        status: { type: EMAIL_STATUSES, required: true, default: 'queued' },
        provider_message_id: { type: 'string' },
        sent_at: { type: 'string', required: true },
        delivered_at: { type: 'string' },
        opened_at: { type: 'string' },
        clicked_at: { type: 'string' },
        bounced_at: { type: 'string' },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: ['sent_at', 'id'] },
        },
        byCampaign: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['campaign_id'] },
          sk: { field: 'gsi1sk', composite: ['sent_at', 'id'] },
        },
      },
    },
    { client, table },
  );
}

export function emailCampaignEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('emailCampaign'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        campaign_type: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        all: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['name', 'id'] },
        },
      },
    },
    { client, table },
  );
}

export function emailCampaignTemplateEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('emailCampaignTemplate'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        campaign_id: { type: 'string', required: true },
        name: { type: 'string', required: true },
        template_type: { type: 'string', required: true },
        subject_line: { type: 'string', required: true },
        html_body: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        byCampaign: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['campaign_id'] },
          sk: { field: 'gsi1sk', composite: ['id'] },
        },
      },
    },
    { client, table },
  );
}
