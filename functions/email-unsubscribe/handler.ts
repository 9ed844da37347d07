// One-click unsubscribe (RFC 8058). Every non-essential e-mail carries
// `List-Unsubscribe: <…/email/unsubscribe?token=…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`:
// a mail client's POST to that URI unsubscribes at once (spec §7: every e-mail flag false). A GET (a
// person following the link, or a scanner prefetching it) only shows a page with a button that posts;
// it never unsubscribes by itself. A forged, unknown or expired token is a 404 and changes nothing.
import { z } from 'zod';
import { PRODUCT_NAME } from '../../domain/brand.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { dataFor } from '../lib/data/index.ts';
import { tokenOwner, unsubscribeAll } from '../lib/email/automation.ts';
import { HtmlPage, httpHandler, route } from '../lib/http.ts';

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string, status = 200): HtmlPage {
  return new HtmlPage(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1.5rem 2rem}
.brand{color:#2563eb;font-weight:700}button{font:inherit;background:#2563eb;color:#fff;border:0;border-radius:8px;padding:.7rem 1.2rem;cursor:pointer}
p.small{color:#475569;font-size:.875rem}</style></head>
<body><main><p class="brand">${PRODUCT_NAME}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    status,
  );
}

const notFound = () =>
  page(
    'This link is not valid',
    '<p>This unsubscribe link is not valid or has expired. You can change which e-mails you get in Settings, under Notifications.</p>',
    404,
  );

export const handler = httpHandler(
  'email-unsubscribe',
  {
    'GET /email/unsubscribe': route({
      query: tokenQuery,
      run: async ({ deps, query }) => {
        try {
          await tokenOwner(dataFor(deps), query.token, deps.clock());
        } catch (error) {
          if (error instanceof NotFoundError) return notFound();
          throw error;
        }
        const action = `?token=${encodeURIComponent(query.token)}`;
        return page(
          `Unsubscribe from ${PRODUCT_NAME} e-mails?`,
          `<p>You will stop getting digests, reports, tips and alert e-mails. Security e-mails (sign-in codes, password resets) still arrive.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p class="small">Changed your mind? Just close this page: nothing changes until you press the button.</p>`,
        );
      },
    }),
    'POST /email/unsubscribe': route({
      query: tokenQuery,
      run: async ({ deps, query, log }) => {
        const data = dataFor(deps);
        const now = deps.clock();
        let userId: string;
        try {
          userId = await tokenOwner(data, query.token, now);
        } catch (error) {
          if (error instanceof NotFoundError) return notFound();
          throw error;
        }
        await unsubscribeAll(data, userId, now);
        log.info('unsubscribed by link');
        return page(
          'You are unsubscribed',
          `<p>You will get no more ${PRODUCT_NAME} digests, reports, tips or alert e-mails. You can turn any of them back on in Settings, under Notifications.</p>`,
        );
      },
    }),
  },
  // RFC 8058's POST body is form-encoded ("List-Unsubscribe=One-Click"): the token in the URI decides.
  { rawBody: true },
);
