// spec §3 profile_members: one item per (profile, member); the role is copied from the invitation.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MEMBER_ROLES, model, nowIso } from './common.ts';

export function profileMemberEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('profileMember'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        role: { type: MEMBER_ROLES, required: true },
        email: { type: 'string' },
        full_name: { type: 'string' },
        invitation_id: { type: 'string' },
        created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
      },
      indexes: {
        byProfile: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['user_id'] },
        },
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['user_id'] },
          sk: { field: 'gsi1sk', composite: ['profile_id'] },
        },
      },
    },
    { client, table },
  );
}
