// spec §7 log_security_event {p_user_id, p_event_type, p_event_data, p_severity}: a user records an
// event about themselves (p_user_id, when given, must be the caller: the handler stack enforces it).
// An audit record is small and plain: p_event_data holds at most 10 fields named in
// snake_case, each a short one-line string, a number, a boolean or null, 2 KB in all; anything else
// is a 400 naming the field, so a browser cannot fill the audit log with arbitrary data.
import { z } from 'zod';
import { hasControlCharacters } from '../../domain/text.ts';
import { dataFor } from '../lib/data/index.ts';
import { logSecurityEvent } from '../lib/security-events.ts';
import { httpHandler, route } from '../lib/http.ts';

const MAX_EVENT_DATA_BYTES = 2_048;

const eventValue = z.union([
  z
    .string()
    .max(200, 'must be at most 200 characters')
    .refine((v) => !hasControlCharacters(v), 'must not contain control characters'),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

const eventData = z
  .record(
    z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'field names are snake_case, at most 40 characters'),
    eventValue,
  )
  .refine((data) => Object.keys(data).length <= 10, 'must have at most 10 fields')
  .refine(
    (data) => Buffer.byteLength(JSON.stringify(data)) <= MAX_EVENT_DATA_BYTES,
    `must be at most ${MAX_EVENT_DATA_BYTES} bytes`,
  );

export const handler = httpHandler('security-events', {
  'POST /security-events': route({
    body: z.object({
      p_user_id: z.string().optional(),
      p_event_type: z.enum(['member_added', 'invite_accepted']),
      p_event_data: eventData.default({}),
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
