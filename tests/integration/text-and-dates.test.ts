// Text and dates a person types, through the local gateway: a name or description holding half of a
// surrogate pair, or Unicode's line or paragraph separator, is a 400 naming the field and stores
// nothing; a date outside the days the API speaks of (year 0, year 9999), or a planned item further back
// than the plan reaches, is a 400 naming the field.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/money/dates.ts';
import { api, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { defaultProfile, profileApi } from './money-helpers.ts';

let user: TestUser;
let profileId: string;
let accountId: string;

type Issues = { code: string; issues?: Array<{ field: string; message: string }> };

const LONE_HIGH = 'Rent \ud83c';
const LONE_LOW = '\udf69 Donuts';
const LINE_SEPARATOR = 'Rent\u2028Bcc: someone@example.com';
const PARAGRAPH_SEPARATOR = 'Rent\u2029due';

beforeAll(async () => {
  user = await signUpAndSignIn('Plain Text');
  profileId = await defaultProfile(user);
  // An account of the profile, as linking stores one (the nickname is all this file changes).
  accountId = randomUUID();
  await directData()
    .connectedAccounts.create({
      id: accountId,
      user_id: user.userId,
      profile_id: profileId,
      item_id: randomUUID(),
      account_name: 'Everyday Checking',
      account_type: 'depository',
      plaid_account_id: `pa-${accountId}`,
      current_balance: 120_00,
    })
    .go();
  const category = await profileApi('POST', '/money-plan/categories', {
    token: user.idToken,
    profileId,
    body: { name: 'Groceries' },
  });
  expect(category.status).toBe(201);
});

const fields = [
  ['PATCH /profiles/me', () => '/profiles/me', (text: string) => ({ full_name: text }), 'full_name'],
  ['POST /financial-profiles', () => '/financial-profiles', (text: string) => ({ name: text }), 'name'],
  [
    'PATCH /accounts/{accountId}',
    () => `/accounts/${accountId}`,
    (text: string) => ({ account_name: text }),
    'account_name',
  ],
  [
    'POST /money-plan/items',
    () => '/money-plan/items',
    (text: string) => ({ description: text, amount: -100, due_date: '2026-12-24', account_id: null }),
    'description',
  ],
  ['POST /money-plan/categories', () => '/money-plan/categories', (text: string) => ({ name: text }), 'name'],
] as const;

const texts = [
  ['a lone high surrogate', LONE_HIGH, 'valid text'],
  ['a lone low surrogate', LONE_LOW, 'valid text'],
  ['the line separator U+2028', LINE_SEPARATOR, 'line breaks'],
  ['the paragraph separator U+2029', PARAGRAPH_SEPARATOR, 'line breaks'],
] as const;

describe('names and descriptions', () => {
  for (const [route, path, body, field] of fields)
    it.each(texts)(`${route} refuses %s (400 naming ${field})`, async (_what, text, message) => {
      const method = route.split(' ')[0] ?? 'POST';
      const response = await profileApi<Issues>(method, path(), {
        token: user.idToken,
        profileId,
        body: body(text),
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation');
      expect(response.body.issues?.[0]?.field).toBe(field);
      expect(response.body.issues?.[0]?.message).toContain(message);
    });

  it('stores none of them', async () => {
    const me = await api<{ full_name: string }>('GET', '/profiles/me', { token: user.idToken });
    expect(me.body.full_name).toBe('Plain Text');
    const profiles = await api<Array<{ name: string }>>('GET', '/financial-profiles', {
      token: user.idToken,
    });
    expect(profiles.body).toHaveLength(1);
    const account = await profileApi<{ account_name: string }>('GET', `/accounts/${accountId}`, {
      token: user.idToken,
      profileId,
    });
    expect(account.body.account_name).toBe('Everyday Checking');
    const categories = await profileApi<{ categories: Array<{ name: string }> }>(
      'GET',
      '/money-plan/categories',
      { token: user.idToken, profileId },
    );
    expect(categories.body.categories.map((c) => c.name)).toEqual(['Groceries']);
    const items = await profileApi<{ items: unknown[] }>(
      'GET',
      '/money-plan/items?from=2026-12-01&to=2026-12-31',
      { token: user.idToken, profileId },
    );
    expect(items.body.items).toEqual([]);
  });

  it('still takes whole emoji and other scripts', async () => {
    const response = await profileApi<{ full_name: string }>('PATCH', '/profiles/me', {
      token: user.idToken,
      profileId,
      body: { full_name: 'Zoë 🍩 Łukasz' },
    });
    expect(response.status).toBe(200);
    expect(response.body.full_name).toBe('Zoë 🍩 Łukasz');
  });
});

describe('dates', () => {
  const item = (extra: Record<string, unknown>) =>
    profileApi<Issues>('POST', '/money-plan/items', {
      token: user.idToken,
      profileId,
      body: { description: 'Rent', amount: -100_00, account_id: null, ...extra },
    });
  const today = new Date().toISOString().slice(0, 10);

  it.each([
    ['0000-01-01', 'due_date', {}],
    ['1899-12-31', 'due_date', {}],
    [addDays(today, -731), 'due_date', {}],
    [addDays(today, -731), 'due_date', { recurrence: { cadence: 'weekly' } }],
  ] as const)('a planned item dated %s is a 400 naming %s', async (dueDate, field, extra) => {
    const response = await item({ due_date: dueDate, ...extra });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.field).toBe(field);
  });

  it('a repeat until 9999-12-31 is a 400 naming recurrence.until', async () => {
    const response = await item({
      due_date: addDays(today, 3),
      recurrence: { cadence: 'monthly', until: '9999-12-31' },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.field).toBe('recurrence.until');
  });

  it('moving an item to 0000-01-01 is a 400 naming due_date and leaves it where it was', async () => {
    const dueDate = addDays(today, 5);
    const created = await profileApi<{ item: { id: string } }>('POST', '/money-plan/items', {
      token: user.idToken,
      profileId,
      body: { description: 'Gym', amount: -30_00, due_date: dueDate, account_id: null },
    });
    expect(created.status).toBe(201);
    const moved = await profileApi<Issues>('PATCH', `/money-plan/items/${created.body.item.id}`, {
      token: user.idToken,
      profileId,
      body: { due_date: '0000-01-01' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.issues?.[0]?.field).toBe('due_date');
    const listed = await profileApi<{ items: Array<{ id: string; due_date: string }> }>(
      'GET',
      `/money-plan/items?from=${dueDate}&to=${dueDate}`,
      { token: user.idToken, profileId },
    );
    expect(listed.body.items.map((i) => [i.id, i.due_date])).toEqual([[created.body.item.id, dueDate]]);
  });

  it('a transaction list from 0000-01-01 is a 400 naming query.from', async () => {
    const response = await profileApi<Issues>('GET', '/transactions?from=0000-01-01', {
      token: user.idToken,
      profileId,
    });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.field).toBe('query.from');
  });
});
