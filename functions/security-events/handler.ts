// spec §7 log_security_event {p_user_id, p_event_type, p_event_data, p_severity}: a user records an
// event about themselves (p_user_id, when given, must be the caller: the handler stack enforces it).
import { z } from 'zod';
import { dataFor } from '../lib/data/index.ts';
import { logSecurityEvent } from '../lib/financial-profiles.ts';
import { httpHandler, route } from '../lib/http.ts';

export const handler = httpHandler('security-events', {
  'POST /security-events': route({
    body: z.object({
      p_user_id: z.string().optional(),
      p_event_type: z.enum(['member_added', 'invite_accepted']),
      p_event_data: z.record(z.string(), z.unknown()).default({}),
      p_severity: z.literal('INFO').default('INFO'),
    }),
    status: 201,
    run: async ({ deps, caller, body }) => {
      const event = await logSecurityEvent(
        dataFor(deps),
        caller.userId,
        body.p_event_type,
        body.p_event_data,
      );
      return { id: event.id, created_at: event.created_at };
    },
  }),
});
