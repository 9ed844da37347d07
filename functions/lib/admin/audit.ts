// Every admin action leaves an audit record: who (the admin's id and e-mail), what (the action and its
// target), when, and the state before and after.
import { randomUUID } from 'node:crypto';
import type { AdminAction } from '../data/entities/admin.ts';
import type { Data } from '../data/index.ts';
import type { Caller } from '../caller.ts';

export interface AuditTarget {
  type: 'user' | 'category_maps' | 'notice' | 'rollup';
  id: string;
}

export async function writeAudit(
  data: Data,
  caller: Caller,
  action: AdminAction,
  target: AuditTarget,
  before: unknown,
  after: unknown,
  now: Date,
): Promise<void> {
  await data.adminAudit
    .create({
      id: randomUUID(),
      actor_user_id: caller.userId,
      actor_email: caller.email,
      action,
      target_type: target.type,
      target_id: target.id,
      before: before ?? null,
      after: after ?? null,
      created_at: now.toISOString(),
    })
    .go();
}
