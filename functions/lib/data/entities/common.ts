// Attribute helpers shared by the entities: timestamps and the ElectroDB model header.
import { SERVICE_NAME } from '../table-design.ts';

export const nowIso = () => new Date().toISOString();

export const model = (entity: string) => ({ entity, version: '1', service: SERVICE_NAME }) as const;

/** created_at set once; updated_at refreshed on every write. */
export const timestamps = {
  created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
  updated_at: { type: 'string', required: true, default: nowIso, watch: '*', set: () => nowIso() },
} as const;

export const MEMBER_ROLES = ['viewer', 'editor'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
