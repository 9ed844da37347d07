// POST /client-reports (docs/observability.md): a page's error reports and operation timings.
// Public, so the sign-in and landing pages can report too; a verified ID token attributes the post to its
// user. Past 32 KB → 413, a malformed body → 400 naming the field, past the sender's per-minute limit →
// 429; none of them stores anything. Accepted posts are scrubbed again and kept with a TTL.
import { CLIENT_REPORT_MAX_BYTES } from '../../domain/client-report-limits.ts';
import { clientReportSchema } from '../../domain/client-report.ts';
import { senderOf, storeReport, takeQuota } from '../lib/client-reports.ts';
import { httpHandler, route } from '../lib/http.ts';

export const handler = httpHandler(
  'client-reports',
  {
    'POST /client-reports': route({
      body: clientReportSchema,
      status: 202,
      run: async ({ deps, body, event, log }) => {
        const sender = await senderOf(deps, event);
        await takeQuota(deps, sender);
        const accepted = await storeReport(deps, sender, body);
        log.info('client report', { sender: sender.kind, ...accepted });
        return { accepted };
      },
    }),
  },
  { maxBodyBytes: CLIENT_REPORT_MAX_BYTES },
);
