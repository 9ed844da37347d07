// spec §7 get_invitation_by_token {p_token}: public, so the signup screen can lock the invited e-mail.
// Knowing the 256-bit token is the credential; an unknown, used, revoked or expired token is refused.
import { z } from 'zod';
import { dataFor } from '../lib/data/index.ts';
import { getInvitationByToken } from '../lib/invitations.ts';
import { httpHandler, route } from '../lib/http.ts';

export const handler = httpHandler('get-invitation-by-token', {
  'GET /invitations/{token}': route({
    path: z.object({ token: z.string().min(1).max(200) }),
    run: ({ deps, path }) => getInvitationByToken(dataFor(deps), path.token, deps.clock()),
  }),
});
