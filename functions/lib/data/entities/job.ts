// A job a person started (domain/jobs.ts; docs/jobs.md): its state, step and outcome, kept as one small
// item under the profile it works on, so the job-status route reads one key and the profile's recent jobs
// are one Query of its partition (no index). It expires a day after it was last written (TTL).
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { JOB_ERROR_CODES, JOB_KINDS, JOB_STATUSES, JOB_STEPS } from '../../../../domain/jobs.ts';
import { model, timestamps } from './common.ts';

export function jobEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('job'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        job_id: { type: 'string', required: true, readOnly: true },
        kind: { type: JOB_KINDS, required: true, readOnly: true },
        /** Who started it: the plan's items name them, and a failure is theirs to retry. */
        user_id: { type: 'string', required: true },
        /** A first sync's Plaid item. */
        item_id: { type: 'string' },
        status: { type: JOB_STATUSES, required: true },
        step: { type: JOB_STEPS, required: true },
        done: { type: 'number' },
        total: { type: 'number' },
        /** Deliveries that claimed it: a worker that died leaves it running until its lease ends. */
        attempts: { type: 'number', default: 0 },
        /** While running: when the claim ends. A delivery after it may take the job over. */
        lease_until: { type: 'string' },
        result: { type: 'any' },
        error_code: { type: JOB_ERROR_CODES },
        /** The technical cause, for the logs and the operator; never shown to the person. */
        error_detail: { type: 'string' },
        finished_at: { type: 'string' },
        /** Epoch seconds: the table's TTL removes the job a day after its last write. */
        ttl: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        byProfile: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['job_id'] },
        },
      },
    },
    { client, table },
  );
}
