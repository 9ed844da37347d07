// Help & Support's contact form: a signed-in person's request is stored and sent to
// the support inbox through the e-mail port, with diagnostics only when they consent (build version,
// the screen, the last error's correlation id — never tokens, amounts or account data). Five requests
// an hour per person. docs/help.md.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { RateLimitError } from '../../domain/errors.ts';
import { hasControlCharacters } from '../../domain/text.ts';
import { SUPPORT_TOPICS } from '../../domain/support-topics.ts';
import { dataFor } from '../lib/data/index.ts';
import { optionalEnv } from '../lib/env.ts';
import { httpHandler, route } from '../lib/http.ts';

export const SUPPORT_REQUESTS_PER_HOUR = 5;
const DEFAULT_SUPPORT_INBOX = 'support@localhost';

const noControl = (value: string) => !hasControlCharacters(value);
const noControlMultiline = (value: string) => !hasControlCharacters(value, { multiline: true });
const diagnosticValue = z
  .string()
  .trim()
  .max(200)
  .refine(noControl, 'must not contain control characters')
  .refine((v) => !/bearer|eyJ[a-z0-9_-]{10,}/i.test(v), 'must not contain a token');

const body = z
  .object({
    topic: z.enum(SUPPORT_TOPICS),
    message: z
      .string()
      .trim()
      .min(10, 'must be at least 10 characters')
      .max(2_000, 'must be at most 2,000 characters')
      .refine(noControlMultiline, 'must not contain control characters'),
    diagnostics: z
      .object({
        build_version: diagnosticValue.optional(),
        route: diagnosticValue.optional(),
        correlation_id: diagnosticValue.optional(),
        user_agent: diagnosticValue.optional(),
      })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const handler = httpHandler('support-requests', {
  'POST /support-requests': route({
    body,
    status: 201,
    run: async ({ deps, caller, body: request }) => {
      const data = dataFor(deps);
      const now = deps.clock();
      const since = new Date(now.getTime() - 3_600_000).toISOString();
      const { data: recent } = await data.supportRequests.query
        .byUser({ user_id: caller.userId })
        .gte({ created_at: since })
        .go({ attributes: ['id'] });
      if (recent.length >= SUPPORT_REQUESTS_PER_HOUR) throw new RateLimitError();
      const id = randomUUID();
      const reference = id.slice(0, 8).toUpperCase();
      await data.supportRequests
        .create({
          user_id: caller.userId,
          id,
          email: caller.email,
          topic: request.topic,
          message: request.message,
          diagnostics: request.diagnostics,
          created_at: now.toISOString(),
        })
        .go();
      const lines = [
        `Support request ${reference} (${request.topic})`,
        `From: ${caller.email || 'unknown'} (user ${caller.userId})`,
        '',
        request.message,
        '',
        request.diagnostics
          ? `Diagnostics: ${Object.entries(request.diagnostics)
              .map(([k, v]) => `${k}=${v}`)
              .join(', ')}`
          : 'Diagnostics: not shared',
      ];
      await deps.email.send({
        to: optionalEnv('SUPPORT_EMAIL') ?? DEFAULT_SUPPORT_INBOX,
        // The topic is one of a fixed list: no user text ever reaches a mail header.
        subject: `Support request ${reference}: ${request.topic}`,
        text: lines.join('\n'),
        html: `<pre style="font-family:system-ui,sans-serif;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
        kind: 'support_request',
      });
      deps.logger.info('support request', {
        reference,
        topic: request.topic,
        diagnostics: Boolean(request.diagnostics),
      });
      return { id, reference, status: 'open' };
    },
  }),
});
