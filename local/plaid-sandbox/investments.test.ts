// /investments/holdings/get and /investments/transactions/get through the official client: every
// response and error body validated against Plaid's published OpenAPI schemas (a mutated one must
// fail), holdings that add up to the account's balance, and buys that match the holdings.
import { Products, type PlaidApi } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plaidSchemaErrors, plaidSchemaSource } from './openapi-validator.ts';
import type { PlaidSandbox } from './sandbox.ts';
import { linkItem, plaidError, startSandbox, TEST_NOW } from './test-support.ts';

let sandbox: PlaidSandbox;
let client: PlaidApi;
let validated = 0;

beforeAll(async () => {
  ({ sandbox, client } = await startSandbox({ seed: 'investments' }));
});
afterAll(async () => {
  console.log(
    `investments contract: ${validated} bodies validated against ${plaidSchemaSource.repository} ${plaidSchemaSource.version}`,
  );
  await sandbox.close();
});

function expectValid(schema: string, value: unknown) {
  expect(plaidSchemaErrors(schema, value)).toEqual([]);
  validated += 1;
}

const everything = [Products.Transactions, Products.Liabilities, Products.Investments];
const cents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);

describe('/investments/holdings/get', () => {
  it('lists the brokerage and 401k holdings with their securities; they add up to each balance', async () => {
    for (const institution_id of ['ins_109508', 'ins_109511']) {
      const { access_token } = await linkItem(client, { institution_id, products: everything });
      const { data } = await client.investmentsHoldingsGet({ access_token });
      expectValid('InvestmentsHoldingsGetResponse', data);
      expect(data.accounts.map((a) => a.subtype).sort()).toEqual(['401k', 'brokerage']);
      const securities = new Map(data.securities.map((s) => [s.security_id, s]));
      for (const account of data.accounts) {
        const held = data.holdings.filter((h) => h.account_id === account.account_id);
        expect(held.length).toBeGreaterThanOrEqual(3);
        const sum = held.reduce((total, h) => total + cents(h.institution_value), 0);
        expect(sum).toBe(cents(account.balances.current));
        for (const holding of held) {
          expect(securities.has(holding.security_id)).toBe(true);
          expect(cents(holding.institution_value)).toBe(
            Math.round(holding.quantity * holding.institution_price * 100),
          );
        }
      }
    }
  });

  it('the validator bites: a holding without quantity or a security without its id fails', async () => {
    const { access_token } = await linkItem(client, { institution_id: 'ins_109511', products: everything });
    const { data } = await client.investmentsHoldingsGet({ access_token });
    const broken = structuredClone(data) as unknown as {
      holdings: Array<Record<string, unknown>>;
      securities: Array<Record<string, unknown>>;
    };
    delete broken.holdings[0]?.quantity;
    delete broken.securities[0]?.security_id;
    const complaints = plaidSchemaErrors('InvestmentsHoldingsGetResponse', broken).join('\n');
    expect(complaints).toMatch(/quantity/);
    expect(complaints).toMatch(/security_id/);
  });

  it('refuses without consent, and an item without investment accounts, with Plaid’s errors', async () => {
    const noConsent = await linkItem(client, {
      institution_id: 'ins_109511',
      products: [Products.Transactions],
    });
    const refused = await plaidError(client.investmentsHoldingsGet({ access_token: noConsent.access_token }));
    expect(refused).toMatchObject({ status: 400, error_code: 'ADDITIONAL_CONSENT_REQUIRED' });
    const { status: _s1, ...refusedBody } = refused;
    expectValid('PlaidError', refusedBody);

    const gingham = await linkItem(client, { institution_id: 'ins_109509', products: everything });
    const none = await plaidError(client.investmentsHoldingsGet({ access_token: gingham.access_token }));
    expect(none).toMatchObject({
      status: 400,
      error_type: 'ITEM_ERROR',
      error_code: 'NO_INVESTMENT_ACCOUNTS',
    });
    const { status: _s2, ...noneBody } = none;
    expectValid('PlaidError', noneBody);
  });
});

describe('/investments/transactions/get', () => {
  it('lists each holding’s buy and the funds’ dividends, newest first, paged', async () => {
    const { access_token } = await linkItem(client, { institution_id: 'ins_109508', products: everything });
    const end = TEST_NOW.toISOString().slice(0, 10);
    const start = new Date(TEST_NOW.getTime() - 730 * 86_400_000).toISOString().slice(0, 10);
    const { data } = await client.investmentsTransactionsGet({
      access_token,
      start_date: start,
      end_date: end,
    });
    expectValid('InvestmentsTransactionsGetResponse', data);
    expect(data.total_investment_transactions).toBe(data.investment_transactions.length);
    const dates = data.investment_transactions.map((t) => t.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const { data: holdings } = await client.investmentsHoldingsGet({ access_token });
    const buys = data.investment_transactions.filter((t) => t.type === 'buy');
    for (const holding of holdings.holdings.filter((h) => h.security_id && h.cost_basis !== null)) {
      const security = holdings.securities.find((s) => s.security_id === holding.security_id);
      if (security?.type === 'cash') continue;
      const buy = buys.find(
        (b) => b.security_id === holding.security_id && b.account_id === holding.account_id,
      );
      expect(buy?.quantity).toBe(holding.quantity);
      expect(cents(buy?.amount)).toBe(cents(holding.cost_basis));
    }
    expect(data.investment_transactions.some((t) => t.subtype === 'dividend' && t.amount < 0)).toBe(true);

    const paged = await client.investmentsTransactionsGet({
      access_token,
      start_date: start,
      end_date: end,
      options: { count: 2, offset: 1 },
    });
    expectValid('InvestmentsTransactionsGetResponse', paged.data);
    expect(paged.data.investment_transactions).toEqual(data.investment_transactions.slice(1, 3));

    const backwards = await plaidError(
      client.investmentsTransactionsGet({ access_token, start_date: end, end_date: start }),
    );
    expect(backwards).toMatchObject({ status: 400, error_code: 'INVALID_FIELD' });
  });
});
