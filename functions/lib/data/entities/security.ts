// 2FA state (spec §3 verification_codes, verification_codes_secure, trusted_devices_enhanced) and the
// realtime WebSocket connections. Codes and device fingerprints are stored only as hashes; codes expire
// by TTL (DynamoDB Local never deletes them, so reads also check expires_at).
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso } from './common.ts';

export function verificationCodeEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('verificationCode'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        code_hash: { type: 'string', required: true, readOnly: true },
        code_type: { type: ['setup', 'login'] as const, required: true },
        method: { type: ['sms', 'email'] as const, required: true },
        attempts: { type: 'number', default: 0 },
        used: { type: 'boolean', default: false },
        expires_at: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
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

export function trustedDeviceEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('trustedDevice'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        fingerprint_hash: { type: 'string', required: true, readOnly: true },
        is_active: { type: 'boolean', default: true },
        trusted_at: { type: 'string', default: nowIso, readOnly: true },
        last_used_at: { type: 'string' },
        expires_at: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: ['fingerprint_hash'] },
        },
      },
    },
    { client, table },
  );
}

export function realtimeConnectionEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('realtimeConnection'),
      attributes: {
        connection_id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        connected_at: { type: 'string', default: nowIso, readOnly: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byConnection: {
          pk: { field: 'pk', composite: ['connection_id'] },
          sk: { field: 'sk', composite: [] },
        },
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['user_id'] },
          sk: { field: 'gsi1sk', composite: ['connection_id'] },
        },
      },
    },
    { client, table },
  );
}
