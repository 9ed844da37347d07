// spec §7 log_security_event: an append-only audit trail per user.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso } from './common.ts';

export const SECURITY_EVENT_TYPES = [
  'member_added',
  'invite_accepted',
  'invite_created',
  'invite_revoked',
  'member_removed',
  'invite_repair',
  'profile_archived',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_verified',
  'two_factor_failed',
  'two_factor_recovery_code_used',
  'trusted_device_added',
  'trusted_device_revoked',
  'sessions_revoked',
] as const;
export const SEVERITIES = ['INFO', 'WARN', 'ERROR'] as const;

export function securityEventEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('securityEvent'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        event_type: { type: SECURITY_EVENT_TYPES, required: true, readOnly: true },
        event_data: { type: 'any' },
        severity: { type: SEVERITIES, required: true, default: 'INFO', readOnly: true },
        created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
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
