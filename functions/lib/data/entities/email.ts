// spec §3 email_sends, email_campaigns and email_campaign_templates: the e-mail history of a user
// (newest first, default limit 50) and campaign analytics (delivery, open, click and bounce rates);
// the once-per-occasion claims of lifecycle mail and alerts, and one-click unsubscribe tokens (stored
// only as SHA-256 hashes).
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso, timestamps } from './common.ts';

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
        /** What the message is: a spec §7 trigger event, 'alert', 'alert_digest', 'transaction_summary'. */
        kind: { type: 'string' },
        /** The campaign's name (spec §7 email_sends with campaign join). */
        campaign: { type: 'string' },
        /** The figures a digest carried, so the next one can say what changed. */
        metadata: { type: 'any' },
        error: { type: 'string' },
        complained_at: { type: 'string' },
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
        /** SES delivery events name the message by the provider's id. */
        byProviderMessage: {
          index: 'gsi2',
          projection: ['id'],
          pk: { field: 'gsi2pk', composite: ['provider_message_id'] },
          sk: { field: 'gsi2sk', composite: [] },
        },
      },
    },
    { client, table },
  );
}

/** A once-only marker (`create` fails when it exists): a lifecycle e-mail's occasion, an alert's. */
export function userClaimEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('userClaim'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        key: { type: 'string', required: true, readOnly: true },
        created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['user_id'] }, sk: { field: 'sk', composite: ['key'] } },
      },
    },
    { client, table },
  );
}

/** A one-click unsubscribe token (RFC 8058): 256 random bits in the link, only the hash stored. */
export function unsubscribeTokenEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('unsubscribeToken'),
      attributes: {
        token_hash: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        email_send_id: { type: 'string' },
        used_at: { type: 'string' },
        expires_at: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
        created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
      },
      indexes: {
        byHash: { pk: { field: 'pk', composite: ['token_hash'] }, sk: { field: 'sk', composite: [] } },
        /** A person's tokens, deleted with their account. */
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['user_id'] },
          sk: { field: 'gsi1sk', composite: ['token_hash'] },
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
