// Financial profiles, their members and invitations (spec §3, §4 Profile loading, §7 data-store calls).
import { z } from 'zod';
import { MEMBER_ROLES } from '../lib/data/entities/common.ts';
import { dataFor } from '../lib/data/index.ts';
import {
  createProfile,
  listMembers,
  listProfiles,
  removeMember,
  renameProfile,
} from '../lib/financial-profiles.ts';
import { createInvitation, listInvitations, revokeInvitation } from '../lib/invitations.ts';
import { httpHandler, route } from '../lib/http.ts';
import { oneLine } from '../lib/text-input.ts';

const nameSchema = z.object({
  name: oneLine(
    z.string().trim().min(1, 'Please enter a profile name').max(60, 'must be at most 60 characters'),
  ),
});
const profilePath = z.object({ profileId: z.string().min(1).max(128) });

export const handler = httpHandler('financial-profiles', {
  'GET /financial-profiles': route({
    run: ({ deps, caller }) => listProfiles(dataFor(deps), caller),
  }),
  'POST /financial-profiles': route({
    body: nameSchema,
    status: 201,
    run: ({ deps, caller, body }) => createProfile(dataFor(deps), caller, body.name),
  }),
  'PATCH /financial-profiles/{profileId}': route({
    body: nameSchema,
    path: profilePath,
    run: ({ deps, caller, body, path }) => renameProfile(dataFor(deps), caller, path.profileId, body.name),
  }),
  'GET /financial-profiles/{profileId}/members': route({
    path: profilePath,
    run: ({ deps, caller, path }) => listMembers(dataFor(deps), caller, path.profileId),
  }),
  'DELETE /financial-profiles/{profileId}/members/{userId}': route({
    path: profilePath.extend({ userId: z.string().min(1).max(128) }),
    run: ({ deps, caller, path }) => removeMember(dataFor(deps), deps, caller, path.profileId, path.userId),
  }),
  'GET /financial-profiles/{profileId}/invitations': route({
    path: profilePath,
    run: ({ deps, caller, path }) => listInvitations(dataFor(deps), caller, path.profileId),
  }),
  'POST /financial-profiles/{profileId}/invitations': route({
    path: profilePath,
    body: z.object({
      email: z.email('Please enter a valid email address').max(254),
      role: z.enum(MEMBER_ROLES, 'must be viewer or editor'),
    }),
    status: 201,
    run: ({ deps, caller, path, body }) =>
      createInvitation(dataFor(deps), deps, caller, path.profileId, body),
  }),
  'DELETE /financial-profiles/{profileId}/invitations/{invitationId}': route({
    path: profilePath.extend({ invitationId: z.string().min(1).max(128) }),
    run: ({ deps, caller, path }) =>
      revokeInvitation(dataFor(deps), caller, path.profileId, path.invitationId),
  }),
});
