// What the pages Stripe hosts share (Checkout, checkout-page.ts; the Billing Portal, portal-page.ts; the
// hosted invoice, invoice-page.ts): plain HTML forms with no script, labelled fields, errors in a
// role=alert region, so people and tests can use them; and the bank's 3-D Secure challenge page.
import type { Billing } from './billing.ts';
import { cardSummary, TEST_CARDS } from './cards.ts';
import type { SandboxState } from './state.ts';

export interface PageContext {
  state: SandboxState;
  billing: Billing;
}

export interface PageResponse {
  status: number;
  html?: string;
  location?: string;
}

export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export const day = (unix: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(unix * 1000));

export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'";

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 8px;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .sandbox { font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; color: #8a5300;
             background: #fff4e0; display: inline-block; padding: .1rem .5rem; border-radius: 4px; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font: inherit; border: 1px solid #8792a2;
          border-radius: 6px; }
  button { margin-top: 1.5rem; width: 100%; padding: .75rem; font: inherit; font-weight: 600; color: #fff;
           background: #533afd; border: 0; border-radius: 6px; cursor: pointer; }
  button.secondary { background: #fff; color: #1a1f36; border: 1px solid #8792a2; }
  [role=alert] { margin-top: 1rem; padding: .75rem; border-radius: 6px; background: #fde8e8; color: #8c1d18; }
  [role=status] { margin-top: 1rem; padding: .75rem; border-radius: 6px; background: #e6f6ea; color: #1a5c2b; }
  section { border-top: 1px solid #e3e8ee; margin-top: 1.5rem; padding-top: 1rem; }
  code { font-size: .9em; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="sandbox">Local Stripe sandbox · test mode</p>
${body}
</main>
</body>
</html>
`;
}

export const cardFields = (submit: string) => `
<label for="cardnumber">Card number</label>
<input id="cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<label for="expiry">Expiry date (MM / YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required>
<label for="cvc">Security code (CVC)</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required>
<button type="submit">${escape(submit)}</button>`;

export const testCardHelp = `
<details>
<summary>Test cards</summary>
<ul>
${TEST_CARDS.map(
  (card) => `<li><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> — ${cardSummary(card)}</li>`,
).join('\n')}
</ul>
<p>Any future expiry date and any 3 digits for the CVC.</p>
</details>`;

export const alert = (message: string | null) =>
  message ? `<div role="alert">${escape(message)}</div>` : '';

/**
 * The bank's 3-D Secure challenge, as Stripe's test page offers it: complete or fail the
 * authentication. Both buttons post `outcome` to `action`.
 */
export function challengePage(action: string, what: string): PageResponse {
  const body = `
<h1>Authenticate your payment</h1>
<p>Your bank asks you to confirm ${escape(what)}. This page stands in for the bank's 3-D Secure check.</p>
<form method="post" action="${escape(action)}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>
</form>`;
  return { status: 200, html: page('Authenticate your payment', body) };
}
