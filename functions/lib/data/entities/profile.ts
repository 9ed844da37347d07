// spec §3 profiles: one record per signed-in user, keyed by the Cognito subject.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export const AVATAR_TYPES = ['anonymous', 'initials', 'personality', 'photo', 'icon'] as const;
export const AVATAR_PERSONALITIES = [
  'saver',
  'investor',
  'goal_crusher',
  'debt_crusher',
  'balanced',
] as const;

export function profileEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('profile'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true },
        full_name: { type: 'string' },
        is_admin: { type: 'boolean', default: false, get: (v?: boolean) => v ?? false },
        onboarding_completed: { type: 'boolean', default: false, get: (v?: boolean) => v ?? false },
        last_active_at: { type: 'string' },
        avatar_type: { type: AVATAR_TYPES },
        /** The uploaded photo's key in the avatars store ({userId}/avatar.{ext}); avatar_url is derived. */
        avatar_key: { type: 'string' },
        avatar_personality: { type: AVATAR_PERSONALITIES },
        avatar_color: { type: 'string' },
        custom_initials: { type: 'string' },
        // spec §3: privacy_mode is true when unset.
        privacy_mode: { type: 'boolean', default: true, get: (v?: boolean) => v ?? true },
        two_factor_enabled: { type: 'boolean', default: false, get: (v?: boolean) => v ?? false },
        two_factor_method: { type: ['totp', 'sms', 'email'] as const },
        two_factor_phone_number: { type: 'string' },
        /** "Sign out other sessions" or an admin's "Revoke sessions": every sign-in before it is refused
         * (functions/lib/sessions.ts). Whole seconds, as a token's auth_time. */
        sessions_revoked_at: { type: 'number' },
        ...timestamps,
      },
      indexes: {
        byId: {
          pk: { field: 'pk', composite: ['id'] },
          sk: { field: 'sk', composite: [] },
        },
        /** Every user by e-mail (admin user list and search by e-mail prefix). */
        byEmail: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['email'] },
        },
      },
    },
    { client, table },
  );
}

export type ProfileEntity = ReturnType<typeof profileEntity>;

/**
 * A deleted account's mark ("delete my account"): its ID tokens stay valid at the gateway for
 * up to an hour, so the API refuses them by this mark when the profiles record is gone. Holds no personal
 * data (the Cognito subject only) and expires by TTL a day after the deletion.
 */
export function deletedAccountEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('deletedAccount'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        deleted_at: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    { client, table },
  );
}
