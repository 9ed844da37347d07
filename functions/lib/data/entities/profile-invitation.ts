// spec §3 profile_invitations. Only a SHA-256 hash of the token is stored; the token itself exists only
// in the invitation e-mail and the link. Tokens expire and are single use.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MEMBER_ROLES, model, timestamps } from './common.ts';

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked'] as const;

export function profileInvitationEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('profileInvitation'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true, readOnly: true },
        profile_name: { type: 'string' },
        invited_email: { type: 'string', required: true, readOnly: true },
        invited_by: { type: 'string', required: true, readOnly: true },
        inviter_name: { type: 'string' },
        role: { type: MEMBER_ROLES, required: true },
        status: { type: INVITATION_STATUSES, required: true, default: 'pending' },
        token_hash: { type: 'string', required: true, readOnly: true },
        expires_at: { type: 'string', required: true },
        accepted_at: { type: 'string' },
        accepted_by: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byProfile: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['id'] },
        },
        byToken: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['token_hash'] },
          sk: { field: 'gsi1sk', composite: [] },
        },
        /** Sparse: only accepted invitations carry accepted_by (repair_invitation_consistency). */
        byAcceptedBy: {
          index: 'gsi2',
          projection: ['id'],
          pk: { field: 'gsi2pk', composite: ['accepted_by'] },
          sk: { field: 'gsi2sk', composite: ['id'] },
        },
      },
    },
    { client, table },
  );
}
