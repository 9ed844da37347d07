// Stripe's hosted Checkout page (`/c/pay/:session`): card entry, a 3-D Secure challenge for the cards
// that ask for one (`/c/pay/:session/authenticate`), then a redirect to success_url. A failed challenge
// leaves the session open with Stripe's message, so the person can try again or use another card.
import { readCard } from './cards.ts';
import { errors, StripeApiError } from './errors.ts';
import {
  alert,
  cardFields,
  challengePage,
  escape,
  money,
  page,
  testCardHelp,
  type PageContext,
  type PageResponse,
} from './pages.ts';
import { every as everyOf } from './invoices.ts';
import type { CheckoutSessionRecord } from './state.ts';

function checkoutSummary(c: PageContext, session: CheckoutSessionRecord) {
  const item = session.lineItems[0];
  const price = item ? c.state.prices.get(item.price) : undefined;
  const product = price ? c.state.products.get(price.product) : undefined;
  const every = price ? everyOf(price) : '';
  const amount = price ? money(price.unitAmount * (item?.quantity ?? 1), price.currency) : '';
  return {
    amount,
    name: product?.name ?? 'Subscription',
    line: session.trialPeriodDays
      ? `${session.trialPeriodDays} days free, then ${amount} per ${every}`
      : `${amount} per ${every}`,
  };
}

export function checkoutPage(
  c: PageContext,
  session: CheckoutSessionRecord | undefined,
  error: string | null = null,
  values: { email?: string; name?: string } = {},
): PageResponse {
  if (!session) return { status: 404, html: page('Checkout', '<h1>This checkout link is not valid.</h1>') };
  if (session.status !== 'open') {
    const what =
      session.status === 'complete' ? 'This checkout is already complete.' : 'This checkout has expired.';
    const back = session.cancelUrl
      ? `<p><a href="${escape(session.cancelUrl)}">Return to the site</a></p>`
      : '';
    return { status: 410, html: page('Checkout', `<h1>${what}</h1>${back}`) };
  }
  const summary = checkoutSummary(c, session);
  const customer = session.customer ? c.state.customers.get(session.customer) : undefined;
  const knownEmail = customer?.email ?? session.customerEmail;
  const emailField = knownEmail
    ? `<p>Email: <strong>${escape(knownEmail)}</strong></p>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escape(values.email ?? '')}">`;
  const back = session.cancelUrl ? `<p><a href="${escape(session.cancelUrl)}">← Back</a></p>` : '';
  const body = `
<h1>Subscribe to ${escape(summary.name)}</h1>
<p>${escape(summary.line)}</p>
${alert(error)}
<form method="post" action="/c/pay/${escape(session.id)}">
${emailField}
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="${escape(values.name ?? '')}">
${cardFields(session.trialPeriodDays ? 'Start trial' : 'Subscribe')}
</form>
${back}
${testCardHelp}`;
  return { status: error ? 402 : 200, html: page(`Subscribe to ${summary.name}`, body) };
}

export function submitCheckout(
  c: PageContext,
  session: CheckoutSessionRecord | undefined,
  form: URLSearchParams,
): PageResponse {
  if (!session || session.status !== 'open') return checkoutPage(c, session);
  const email = (form.get('email') ?? '').trim();
  const name = (form.get('name') ?? '').trim();
  const customer = session.customer ? c.state.customers.get(session.customer) : undefined;
  if (!customer?.email && !session.customerEmail && !/^[^@\s]+@[^@\s]+$/.test(email))
    return checkoutPage(c, session, 'Your email address is incomplete.', { email, name });
  const person = { email: email || null, name: name || null };
  try {
    const details = readCard(
      { number: form.get('cardnumber') ?? '', expiry: form.get('expiry') ?? '', cvc: form.get('cvc') ?? '' },
      new Date(c.state.now() * 1000),
    );
    if (details.card.threeDSecure) {
      // The bank's challenge comes before the card is saved or charged.
      session.pendingAuthentication = { details, person };
      return { status: 303, location: `/c/pay/${session.id}/authenticate` };
    }
    c.billing.completeCheckout(session, details, person);
  } catch (error) {
    if (error instanceof StripeApiError) return checkoutPage(c, session, error.body.message, { email, name });
    throw error;
  }
  return succeeded(session);
}

function succeeded(session: CheckoutSessionRecord): PageResponse {
  const successUrl = (session.successUrl ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  return { status: 303, location: successUrl };
}

/** The 3-D Secure challenge of a card typed on the page: GET shows it, POST passes or fails it. */
export function checkoutChallenge(
  c: PageContext,
  session: CheckoutSessionRecord | undefined,
  form: URLSearchParams | null,
): PageResponse {
  const pending = session?.status === 'open' ? session.pendingAuthentication : null;
  if (!session || !pending) return checkoutPage(c, session);
  if (!form) {
    const summary = checkoutSummary(c, session);
    const amount = session.trialPeriodDays
      ? 'this card for your trial'
      : `a payment of ${summary.amount} to Tallywise (local sandbox)`;
    return challengePage(`/c/pay/${session.id}/authenticate`, amount);
  }
  if (form.get('outcome') !== 'complete') {
    session.pendingAuthentication = null;
    return checkoutPage(c, session, errors.authenticationFailed().body.message, {
      email: pending.person.email ?? '',
      name: pending.person.name ?? '',
    });
  }
  try {
    c.billing.completeCheckout(session, pending.details, pending.person, { authenticated: true });
  } catch (error) {
    session.pendingAuthentication = null;
    if (error instanceof StripeApiError) return checkoutPage(c, session, error.body.message);
    throw error;
  }
  return succeeded(session);
}
