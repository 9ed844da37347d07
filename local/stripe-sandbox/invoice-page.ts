// The hosted invoice page (an invoice's `hosted_invoice_url`, `/i/:token`): what is owed and its state,
// and for an open invoice a Pay button that charges the card on file; a card that asks for 3-D Secure
// goes through the bank's challenge first (`/i/:token/authenticate`), as Stripe's page does when a
// renewal needs the person to authenticate. Paying the subscription's open invoice makes it active again.
import { every, money } from './invoices.ts';
import { alert, challengePage, day, escape, page, type PageContext, type PageResponse } from './pages.ts';
import type { InvoiceRecord } from './state.ts';

const STATUS_TEXT: Record<InvoiceRecord['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

/** Read after a payment attempt changed the record (TypeScript narrowed the status before it). */
const isPaid = (invoice: InvoiceRecord) => invoice.status === 'paid';

export function invoicePage(
  c: PageContext,
  invoice: InvoiceRecord | undefined,
  notice: { error?: string | null; status?: string | null } = {},
): PageResponse {
  if (!invoice || invoice.status === 'draft')
    return { status: 404, html: page('Invoice', '<h1>This invoice link is not valid.</h1>') };
  const self = `/i/${invoice.hostedToken}`;
  const lines = invoice.lines
    .map((line) => `<li>${escape(line.description)} — ${money(line.amount, invoice.currency)}</li>`)
    .join('\n');
  const method = c.billing.invoices.paymentMethodFor(invoice);
  const card = method ? `${method.card.brand} •••• ${method.card.number.slice(-4)}` : 'no card on file';
  const action =
    invoice.status !== 'open'
      ? ''
      : `${invoice.requiresAction ? '<p>Your bank asks you to confirm this payment.</p>' : ''}
<form method="post" action="${self}/pay">
<button type="submit">Pay ${money(invoice.amountDue - invoice.amountPaid, invoice.currency)} with ${escape(card)}</button>
</form>`;
  const price = c.state.prices.get(invoice.lines[0]?.price ?? '');
  const body = `
<h1>Invoice ${escape(invoice.number)}</h1>
<p>Tallywise (local sandbox)${price ? ` · ${escape(`${money(price.unitAmount, price.currency)} per ${every(price)}`)}` : ''}</p>
<p>Status: <strong>${STATUS_TEXT[invoice.status]}</strong>${invoice.paidAt ? ` on ${day(invoice.paidAt)}` : ''}</p>
${notice.status ? `<div role="status">${escape(notice.status)}</div>` : ''}
${alert(notice.error ?? null)}
<ul>${lines}</ul>
<p>Amount due: ${money(invoice.amountDue - invoice.amountPaid, invoice.currency)}</p>
${action}`;
  return { status: notice.error ? 402 : 200, html: page(`Invoice ${invoice.number}`, body) };
}

/** Pay: a card that asks for 3-D Secure goes to the challenge; any other is charged at once. */
export function payInvoice(c: PageContext, invoice: InvoiceRecord | undefined): PageResponse {
  if (!invoice || invoice.status !== 'open') return invoicePage(c, invoice);
  const self = `/i/${invoice.hostedToken}`;
  if (c.billing.invoices.paymentMethodFor(invoice)?.card.threeDSecure)
    return { status: 303, location: `${self}/authenticate` };
  c.billing.retry(invoice);
  return isPaid(invoice)
    ? { status: 303, location: `${self}?done=paid` }
    : invoicePage(c, invoice, { error: invoice.lastPaymentError?.message ?? 'Your card was declined.' });
}

/** The challenge for an open invoice's payment: GET shows it, POST passes (and pays) or fails it. */
export function invoiceChallenge(
  c: PageContext,
  invoice: InvoiceRecord | undefined,
  form: URLSearchParams | null,
): PageResponse {
  if (!invoice || invoice.status !== 'open') return invoicePage(c, invoice);
  const self = `/i/${invoice.hostedToken}`;
  if (!form)
    return challengePage(
      `${self}/authenticate`,
      `a payment of ${money(invoice.amountDue - invoice.amountPaid, invoice.currency)} to Tallywise (local sandbox)`,
    );
  if (form.get('outcome') !== 'complete')
    return invoicePage(c, invoice, {
      error:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
  c.billing.retry(invoice, { authenticated: true });
  return isPaid(invoice)
    ? { status: 303, location: `${self}?done=paid` }
    : invoicePage(c, invoice, { error: invoice.lastPaymentError?.message ?? 'Your card was declined.' });
}

export const INVOICE_NOTICES: Record<string, string> = { paid: 'Thank you: this invoice is paid.' };
