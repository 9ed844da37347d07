// The /liabilities/get contract: the official plaid client calls the sandbox, and each raw JSON
// response (and error body) is validated against Plaid's published OpenAPI schema
// (openapi-subset.json, cut from plaid/plaid-openapi by openapi-extract.ts). A mutated response must
// fail, to prove the validator bites. Then the figures: the statement, the payments and the loans'
// interest agree with the transactions and balances the same bank reports.
import { openApiToJsonSchema } from '../openapi-json-schema.ts';
import { Ajv, type ValidateFunction } from 'ajv';
import type { PlaidApi } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import subset from './openapi-subset.json' with { type: 'json' };
import type { PlaidSandbox } from './sandbox.ts';
import { CountryCode, Products } from 'plaid';
import {
  apply,
  linkItem,
  plaidError,
  startSandbox,
  syncAll,
  TEST_CLIENT_ID,
  TEST_NOW,
  TEST_SECRET,
} from './test-support.ts';

type Json = Record<string, unknown>;

const toJsonSchema = (node: unknown) => openApiToJsonSchema(node, 'plaid');

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(toJsonSchema({ components: subset.components }) as Json, 'plaid');
const validators = new Map<string, ValidateFunction>();
function validate(schema: string, value: unknown): string[] {
  let check = validators.get(schema);
  if (!check) {
    check = ajv.compile({ $ref: `plaid#/components/schemas/${schema}` });
    validators.set(schema, check);
  }
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const checked = { responses: 0, errors: 0 };
function expectValid(schema: string, value: unknown) {
  expect(validate(schema, value)).toEqual([]);
  if (schema === 'PlaidError') checked.errors += 1;
  else checked.responses += 1;
}

let sandbox: PlaidSandbox;
let client: PlaidApi;

beforeAll(async () => {
  ({ sandbox, client } = await startSandbox({ seed: 'liabilities' }));
});
afterAll(async () => {
  console.log(
    `liabilities contract: /liabilities/get, ${checked.responses} responses and ${checked.errors} error bodies validated against ${subset.source.repository} ${subset.source.version}`,
  );
  await sandbox.close();
});

/** What the Link page does: POST to the sandbox's session endpoints. */
async function linkSessionCall(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${sandbox.url}/link/session/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function linkSession(link_token: string) {
  const started = await linkSessionCall('start', { link_token });
  return { link_token, link_session_id: started.link_session_id as string };
}

async function sandboxCall(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: TEST_CLIENT_ID, secret: TEST_SECRET, ...body }),
  });
  expect(response.status).toBe(200);
}

const cents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('/liabilities/get through the official client', () => {
  it('answers First Platypus Bank with its card, student loan and mortgage, valid against the schema', async () => {
    const { access_token } = await linkItem(client, { institution_id: 'ins_109508' });
    const { data } = await client.liabilitiesGet({ access_token });
    expectValid('LiabilitiesGetResponse', data);
    expect(data.liabilities.credit).toHaveLength(1);
    expect(data.liabilities.student).toHaveLength(1);
    expect(data.liabilities.mortgage).toHaveLength(1);
    const ids = new Set(data.accounts.map((a) => a.account_id));
    for (const liability of [
      ...(data.liabilities.credit ?? []),
      ...(data.liabilities.student ?? []),
      ...(data.liabilities.mortgage ?? []),
    ])
      expect(ids.has(liability.account_id ?? '')).toBe(true);
  });

  it('the validator bites: a missing required field or a wrong enum fails', async () => {
    const { access_token } = await linkItem(client, { institution_id: 'ins_109508' });
    const { data } = await client.liabilitiesGet({ access_token });
    const missing = structuredClone(data) as unknown as { liabilities: { credit: Json[] } };
    delete missing.liabilities.credit[0]?.next_payment_due_date;
    expect(validate('LiabilitiesGetResponse', missing).join('\n')).toMatch(/next_payment_due_date/);
    const wrongEnum = structuredClone(data) as unknown as {
      liabilities: { credit: Array<{ aprs: Json[] }> };
    };
    const apr = wrongEnum.liabilities.credit[0]?.aprs[0];
    if (apr) apr.apr_type = 'loyalty_apr';
    expect(validate('LiabilitiesGetResponse', wrongEnum)).not.toEqual([]);
  });

  it('filters by account_ids, and refuses an item with no card or loan with NO_LIABILITY_ACCOUNTS', async () => {
    const { access_token } = await linkItem(client, { institution_id: 'ins_109508' });
    const all = await client.liabilitiesGet({ access_token });
    const cardId = all.data.liabilities.credit?.[0]?.account_id as string;
    const { data } = await client.liabilitiesGet({ access_token, options: { account_ids: [cardId] } });
    expectValid('LiabilitiesGetResponse', data);
    expect(data.accounts.map((a) => a.account_id)).toEqual([cardId]);
    expect(data.liabilities.student).toBeNull();
    expect(data.liabilities.mortgage).toBeNull();

    const checkingId = all.data.accounts.find((a) => a.subtype === 'checking')?.account_id as string;
    const onlyChecking = await plaidError(
      client.liabilitiesGet({ access_token, options: { account_ids: [checkingId] } }),
    );
    expect(onlyChecking).toMatchObject({
      status: 400,
      error_code: 'NO_LIABILITY_ACCOUNTS',
      error_code_reason: null,
    });
    const { status: _status, ...body } = onlyChecking;
    expectValid('PlaidError', body);

    const tartan = await linkItem(client, { institution_id: 'ins_109511' });
    const none = await plaidError(client.liabilitiesGet({ access_token: tartan.access_token }));
    expect(none).toMatchObject({
      status: 400,
      error_type: 'ITEM_ERROR',
      error_code: 'NO_LIABILITY_ACCOUNTS',
    });
    const { status: _s1, ...noneBody } = none;
    expectValid('PlaidError', noneBody);

    await sandboxCall('/sandbox/fault/inject', {
      endpoint: '/liabilities/get',
      error_code: 'PRODUCT_NOT_READY',
      access_token,
    });
    const notReady = await plaidError(client.liabilitiesGet({ access_token }));
    expect(notReady).toMatchObject({
      status: 400,
      error_type: 'ITEM_ERROR',
      error_code: 'PRODUCT_NOT_READY',
    });
    const { status: _s3, ...notReadyBody } = notReady;
    expectValid('PlaidError', notReadyBody);

    const bad = await plaidError(client.liabilitiesGet({ access_token: 'access-sandbox-nope' }));
    expect(bad).toMatchObject({ status: 400, error_code: 'INVALID_ACCESS_TOKEN' });
    const { status: _s2, ...badBody } = bad;
    expectValid('PlaidError', badBody);
  });
});

describe('consent to share liabilities', () => {
  it('an item linked without it answers ADDITIONAL_CONSENT_REQUIRED until the user grants it in update mode', async () => {
    const { access_token } = await linkItem(client, {
      institution_id: 'ins_109508',
      products: [Products.Transactions],
    });
    const refused = await plaidError(client.liabilitiesGet({ access_token }));
    expect(refused).toMatchObject({
      status: 400,
      error_type: 'ITEM_ERROR',
      error_code: 'ADDITIONAL_CONSENT_REQUIRED',
    });
    const { status: _status, ...body } = refused;
    expectValid('PlaidError', body);
    const before = await client.itemGet({ access_token });
    expect(before.data.item.consented_products).toEqual(['transactions']);

    // Update mode asking for the product: Link's session completes with the same accounts.
    const { data: token } = await client.linkTokenCreate({
      client_name: 'Money Calendar',
      language: 'en',
      country_codes: [CountryCode.Us],
      user: { client_user_id: 'consent-user' },
      access_token,
      additional_consented_products: [Products.Liabilities],
    });
    const session = await linkSession(token.link_token);
    await linkSessionCall('credentials', {
      ...session,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    });
    await linkSessionCall('complete', { ...session, account_ids: [] });

    const { data } = await client.liabilitiesGet({ access_token });
    expectValid('LiabilitiesGetResponse', data);
    expect(data.liabilities.credit?.[0]?.next_payment_due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const after = await client.itemGet({ access_token });
    expect(after.data.item.consented_products).toEqual(['transactions', 'liabilities']);
  });

  it('a link token with liabilities among its optional products gives an item that shares them', async () => {
    const { data: token } = await client.linkTokenCreate({
      client_name: 'Money Calendar',
      language: 'en',
      country_codes: [CountryCode.Us],
      user: { client_user_id: 'optional-user' },
      products: [Products.Transactions],
      optional_products: [Products.Liabilities],
    });
    const session = await linkSession(token.link_token);
    const accounts = await linkSessionCall('credentials', {
      ...session,
      institution_id: 'ins_109510',
      username: 'user_good',
      password: 'pass_good',
    });
    const accountIds = (accounts.accounts as Array<{ id: string }>).map((a) => a.id);
    const completed = await linkSessionCall('complete', { ...session, account_ids: accountIds });
    const { data: exchanged } = await client.itemPublicTokenExchange({
      public_token: completed.public_token as string,
    });
    const { data } = await client.liabilitiesGet({ access_token: exchanged.access_token });
    expect(data.liabilities.student).toHaveLength(1);
  });
});

describe('the statement agrees with the books', () => {
  it("a card's last payment is a transaction on the card; its due date follows the statement; the minimum is at most the balance", async () => {
    for (const institution_id of ['ins_109508', 'ins_109509', 'ins_109510', 'ins_109512']) {
      const { access_token } = await linkItem(client, { institution_id });
      const { data } = await client.liabilitiesGet({ access_token });
      expectValid('LiabilitiesGetResponse', data);
      const card = data.liabilities.credit?.[0];
      expect(card).toBeDefined();
      if (!card) continue;
      const today = TEST_NOW.toISOString().slice(0, 10);
      expect(card.last_statement_issue_date! <= today).toBe(true);
      const gap = dayOf(card.next_payment_due_date!) - dayOf(card.last_statement_issue_date!);
      expect(gap).toBeGreaterThanOrEqual(21);
      expect(gap).toBeLessThanOrEqual(25);
      expect(cents(card.minimum_payment_amount)).toBeLessThanOrEqual(cents(card.last_statement_balance));
      expect(card.aprs[0]?.apr_percentage).toBeGreaterThan(19);
      expect(card.aprs[0]?.apr_percentage).toBeLessThan(28.1);
      const transactions = [...apply(new Map(), await syncAll(client, access_token)).values()];
      const payment = transactions.find(
        (t) =>
          t.account_id === card.account_id &&
          t.date === card.last_payment_date &&
          Math.round(t.amount * 100) === -cents(card.last_payment_amount),
      );
      expect(payment?.name).toBe('PAYMENT - THANK YOU');
    }
  });

  it("a loan's balance falls by the payment less the month's interest at the stated rate", async () => {
    const { sandbox: own, client: ownClient } = await startSandbox({ seed: 'liabilities-clock' });
    try {
      const { access_token } = await linkItem(ownClient, { institution_id: 'ins_109508' });
      const before = (await ownClient.liabilitiesGet({ access_token })).data;
      own.clock.advanceDays(40);
      const after = (await ownClient.liabilitiesGet({ access_token })).data;
      expectValid('LiabilitiesGetResponse', after);
      const mortgage = before.liabilities.mortgage?.[0];
      const later = after.liabilities.mortgage?.[0];
      expect(mortgage && later).toBeTruthy();
      if (!mortgage || !later) return;
      // One payment fell in the 40 days: the one due at the start.
      expect(later.last_payment_date).toBe(mortgage.next_payment_due_date);
      const owedBefore = cents(
        before.accounts.find((a) => a.account_id === mortgage.account_id)?.balances.current,
      );
      const owedAfter = cents(
        after.accounts.find((a) => a.account_id === mortgage.account_id)?.balances.current,
      );
      const rate = mortgage.interest_rate.percentage ?? 0;
      const interest = Math.round((owedBefore * rate) / 100 / 12);
      expect(interest).toBeGreaterThan(0);
      expect(owedAfter).toBe(owedBefore + interest - cents(mortgage.next_monthly_payment));
      expect(cents(later.ytd_interest_paid) + cents(later.ytd_principal_paid)).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});
