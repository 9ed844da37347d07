// The link token the product asks Plaid for, judged against Plaid's published OpenAPI schema for
// /link/token/create and sent through the official client to the local Plaid sandbox: transactions as
// the product, liabilities and investments as optional products (docs/bank-linking.md "Consent").
// Consent outside update mode is refused naming the field.
import type { LinkTokenCreateRequest, PlaidApi } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plaidSchemaErrors } from './openapi-validator.ts';
import type { PlaidSandbox } from './sandbox.ts';
import { startSandbox } from './test-support.ts';
import type { Caller } from '../../functions/lib/caller.ts';
import type { Data } from '../../functions/lib/data/index.ts';
import type { Deps } from '../../functions/lib/deps.ts';
import { createLinkToken } from '../../functions/lib/plaid/items.ts';

let sandbox: PlaidSandbox;
let client: PlaidApi;
const sent: LinkTokenCreateRequest[] = [];

beforeAll(async () => {
  ({ sandbox, client } = await startSandbox({ seed: 'link-token' }));
});
afterAll(() => sandbox.close());

/** The real client, with what the product sends kept for the assertions. */
const recording = () =>
  new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'linkTokenCreate')
        return (request: LinkTokenCreateRequest) => {
          sent.push(request);
          return target.linkTokenCreate(request);
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });

const caller: Caller = {
  userId: 'user-1',
  email: 'person@example.com',
  fullName: null,
  groups: [],
  isAdmin: false,
  authTime: null,
};

const deps = () =>
  ({
    plaid: async () => recording(),
    plaidWebhookUrl: 'http://127.0.0.1:9/webhooks/plaid',
    appUrl: 'http://127.0.0.1:5173',
  }) as unknown as Deps;

describe('the link token', () => {
  it('asks for transactions, with liabilities and investments optional; valid against Plaid’s schema', async () => {
    const created = await createLinkToken(deps(), {} as Data, caller, { updateMode: false });
    expect(created.link_token).toMatch(/^link-sandbox-/);
    const request = sent.at(-1);
    expect(request).toMatchObject({
      products: ['transactions'],
      optional_products: ['liabilities', 'investments'],
      transactions: { days_requested: 730 },
    });
    expect(plaidSchemaErrors('LinkTokenCreateRequest', request)).toEqual([]);
    // The validator bites: a product Plaid does not know fails the schema.
    expect(
      plaidSchemaErrors('LinkTokenCreateRequest', { ...request, optional_products: ['statement_magic'] }),
    ).not.toEqual([]);
  });

  it('refuses consent outside update mode, naming the field', async () => {
    await expect(
      createLinkToken(deps(), {} as Data, caller, { updateMode: false, consent: 'liabilities' }),
    ).rejects.toMatchObject({ status: 400, issues: [{ field: 'consent' }] });
  });
});
