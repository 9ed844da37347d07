// The user's financial profiles as the active-profile state loads them (spec §4 Profile loading):
// GET /financial-profiles, and when it is empty, ensure-default-profile then the list again. Shared
// (not in a feature) because every profile-scoped feature reads the active profile. The query itself
// (keys, options, the spec §4 sequence) is financial-profiles-query.ts, which loads this file on demand.
import * as z from 'zod/mini';
import { api } from './api-client.ts';
import { invokeFunction } from './invoke-function.ts';

export const memberRoleSchema = z.enum(['owner', 'editor', 'viewer']);

/** Built at the first read (z.lazy), as the frame's other answers. */
export const financialProfileSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    owner_user_id: z.string(),
    is_default: z.boolean(),
    is_archived: z._default(z.boolean(), false),
    created_at: z.string(),
    updated_at: z.nullish(z.string()),
    member_role: memberRoleSchema,
    member_count: z.int().check(z.gte(1)),
  }),
);
export type FinancialProfile = z.infer<typeof financialProfileSchema>;

const profileListSchema = z.lazy(() => z.array(financialProfileSchema));

export async function listFinancialProfiles(signal?: AbortSignal): Promise<FinancialProfile[]> {
  return profileListSchema.parse(await api.get<unknown>('/financial-profiles', { signal }));
}

/** spec §7 ensure-default-profile: idempotent on the server, so a repeated call is harmless. */
export async function ensureDefaultProfile(signal?: AbortSignal): Promise<void> {
  await invokeFunction('ensure-default-profile', {}, { signal });
}
