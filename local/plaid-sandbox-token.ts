// Plaid's sandbox shortcut past the Link widget, for benches and tests: kept apart from local/cloud.ts so
// the end-to-end suite can use it without compiling the whole local cloud.
/** The keys the local Plaid sandbox accepts (it stands in for Plaid's sandbox keys). */
export const LOCAL_PLAID_KEYS = { clientId: 'local-client-id', secret: 'local-secret' } as const;

/**
 * Plaid's sandbox shortcut past the Link widget: a public token for a test login at an institution,
 * with 730 days of history, from the local sandbox at `plaidUrl`, consenting to `products`.
 */
export async function sandboxPublicToken(
  plaidUrl: string,
  institutionId: string,
  options: { webhook?: string; username?: string; products?: string[] } = {},
): Promise<string> {
  const response = await fetch(`${plaidUrl}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: LOCAL_PLAID_KEYS.clientId,
      secret: LOCAL_PLAID_KEYS.secret,
      institution_id: institutionId,
      // What the product's Link asks the user to share (transactions; liabilities and investments as
      // optional products); a suite can link an item that lacks a consent.
      initial_products: options.products ?? ['transactions', 'liabilities', 'investments'],
      options: {
        ...(options.username ? { override_username: options.username, override_password: 'pass_good' } : {}),
        transactions: { days_requested: 730 },
        ...(options.webhook ? { webhook: options.webhook } : {}),
      },
    }),
  });
  const body = (await response.json()) as { public_token?: string };
  if (!response.ok || !body.public_token) throw new Error(`sandbox public token: ${JSON.stringify(body)}`);
  return body.public_token;
}
