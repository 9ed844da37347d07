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
        // The sign-in the code was sent for (a hash of the token's sign-in event): a code sent for one
        // sign-in does not complete another. Setup codes carry the phone number they were sent to.
        binding: { type: 'string' },
        phone_number: { type: 'string' },
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

/**
 * A trusted device (spec trusted_devices_enhanced): "trust this device" stores a random device token's
 * hash (the browser keeps the token) with the spec's fingerprint hash beside it — recorded, never
 * trusted alone. Active for 30 days; revocable from /settings.
 */
export function trustedDeviceEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('trustedDevice'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        token_hash: { type: 'string', required: true, readOnly: true },
        fingerprint_hash: { type: 'string', required: true, readOnly: true },
        label: { type: 'string', required: true },
        is_active: { type: 'boolean', default: true },
        trusted_at: { type: 'string', default: nowIso, readOnly: true },
        last_used_at: { type: 'string' },
        expires_at: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: ['id'] },
        },
      },
    },
    { client, table },
  );
}

/**
 * A user's authenticator-app secret and recovery codes: the secret encrypted (KMS envelope in the cloud,
 * AES-GCM locally, bound to the user), recovery codes as hashes, each usable once. A pending secret
 * waits for its first code before 2FA is turned on. Wrong codes are counted per window.
 */
export function twoFactorSecretEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('twoFactorSecret'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        totp_ciphertext: { type: 'string' },
        pending_totp_ciphertext: { type: 'string' },
        recovery_hashes: { type: 'list', items: { type: 'string' } },
        /** The time step of the last authenticator code accepted: each code is used once. */
        totp_last_step: { type: 'number' },
        failed_attempts: { type: 'number' },
        failed_window_start: { type: 'string' },
        updated_at: { type: 'string', default: nowIso, set: () => nowIso(), watch: '*' },
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['user_id'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );
}

/**
 * A sign-in that passed the second factor: the browser sends the session token (x-two-factor-session)
 * with each call; only its hash is stored. Until a user with 2FA on has one, every profile-scoped call
 * is refused (functions/lib/two-factor.ts).
 */
export function twoFactorSessionEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('twoFactorSession'),
      attributes: {
        session_hash: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        device_id: { type: 'string' },
        created_at: { type: 'string', default: nowIso, readOnly: true },
        expires_at: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        bySession: { pk: { field: 'pk', composite: ['session_hash'] }, sk: { field: 'sk', composite: [] } },
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['user_id'] },
          sk: { field: 'gsi1sk', composite: ['session_hash'] },
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
        // Every open connection, for pushes meant for everyone (a new in-app notice). One partition:
        // a handful of writes per sign-in; shard the key if concurrent browsers ever reach thousands.
        all: {
          index: 'gsi2',
          projection: 'keys_only',
          pk: { field: 'gsi2pk', composite: [] },
          sk: { field: 'gsi2sk', composite: ['connection_id'] },
        },
      },
    },
    { client, table },
  );
}
