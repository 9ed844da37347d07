// Accepting an invitation, and repair_invitation_consistency (spec §4 Invitation, §7 RPCs).
import { z } from 'zod';
import { dataFor } from '../lib/data/index.ts';
import { acceptInvitation, repairInvitations } from '../lib/invitations.ts';
import { httpHandler, route } from '../lib/http.ts';

export const handler = httpHandler('invitations', {
  'POST /invitations/{token}/accept': route({
    path: z.object({ token: z.string().min(1).max(200) }),
    body: z.object({ email: z.string().max(254).optional() }),
    run: ({ deps, caller, path, body }) =>
      acceptInvitation(dataFor(deps), caller, path.token, body.email, deps.clock()),
  }),
  'POST /invitations/repair': route({
    body: z.object({}).optional(),
    run: ({ deps, caller }) => repairInvitations(dataFor(deps), caller, deps.clock()),
  }),
});
