// Which hosted page a browser request is for: Checkout (and its 3-D Secure challenge), the Billing
// Portal's pages and forms, and the hosted invoice (and its challenge). Null when the path is none.
import { checkoutChallenge, checkoutPage, submitCheckout } from './checkout-page.ts';
import { INVOICE_NOTICES, invoiceChallenge, invoicePage, payInvoice } from './invoice-page.ts';
import type { PageContext, PageResponse } from './pages.ts';
import { portalPage, PORTAL_NOTICES, submitPortal } from './portal-page.ts';

export async function hostedPage(
  c: PageContext,
  method: string,
  url: URL,
  readForm: () => Promise<URLSearchParams>,
): Promise<PageResponse | null> {
  const path = url.pathname;
  const done = url.searchParams.get('done') ?? '';
  const checkout = /^\/c\/pay\/(cs_test_[A-Za-z0-9]+)(\/authenticate)?$/.exec(path);
  if (checkout) {
    const session = c.state.checkoutSessions.get(checkout[1] ?? '');
    if (checkout[2]) {
      if (method === 'GET') return checkoutChallenge(c, session, null);
      if (method === 'POST') return checkoutChallenge(c, session, await readForm());
    } else {
      if (method === 'GET') return checkoutPage(c, session);
      if (method === 'POST') return submitCheckout(c, session, await readForm());
    }
  }
  const portal = /^\/p\/session\/(test_[A-Za-z0-9]+)(?:\/(payment-method|cancel|renew|switch))?$/.exec(path);
  if (portal) {
    const session = c.state.portalSessions.get(portal[1] ?? '');
    if (method === 'GET' && !portal[2])
      return portalPage(c, session, { status: PORTAL_NOTICES[done] ?? null });
    if (method === 'POST' && portal[2]) return submitPortal(c, session, portal[2], await readForm());
  }
  const hosted = /^\/i\/(test_[A-Za-z0-9]+)(?:\/(pay|authenticate))?$/.exec(path);
  if (hosted) {
    const invoice = c.billing.invoices.byHostedToken(hosted[1] ?? '');
    if (method === 'GET' && !hosted[2])
      return invoicePage(c, invoice, { status: INVOICE_NOTICES[done] ?? null });
    if (method === 'GET' && hosted[2] === 'authenticate') return invoiceChallenge(c, invoice, null);
    if (method === 'POST' && hosted[2] === 'pay') return payInvoice(c, invoice);
    if (method === 'POST' && hosted[2] === 'authenticate')
      return invoiceChallenge(c, invoice, await readForm());
  }
  return null;
}
