// Lists that never silently lose rows, through the gateway against DynamoDB Local: a
// profile-wide transactions read of more rows than one page, followed by its cursor, returns every
// stored row exactly once, newest first; so do one account's transactions, the plan's items and the
// accounts list; a cursor that was not issued is a 400 naming `cursor`, and so is an impossible date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directData } from './helpers.ts';
import { forecastSettled, generatePlan, linkedUser, profileApi } from './money-helpers.ts';
import type { TestUser } from './helpers.ts';

let owner: TestUser;
let profileId: string;
let accountIds: string[];

const call = <T>(path: string) => profileApi<T>('GET', path, { token: owner.idToken, profileId });

/** Follows `next_cursor` from `path` (which already has a query), collecting `key` of every page. */
async function readAll<T>(path: string, key: string): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response: { status: number; body: Record<string, unknown> } = await call<Record<string, unknown>>(
      `${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.status).toBe(200);
    rows.push(...(response.body[key] as T[]));
    cursor = (response.body.next_cursor as string | null) ?? null;
    pages += 1;
    expect(pages).toBeLessThan(200);
  } while (cursor);
  return { rows, pages };
}

beforeAll(async () => {
  let accounts;
  ({ user: owner, profileId, accounts } = await linkedUser('ins_109508'));
  accountIds = accounts.map((a) => a.id);
}, 180_000);

afterAll(() => forecastSettled(profileId));

describe('paged lists', () => {
  it("a profile's transactions, 150 a page: every stored row exactly once, newest first", async () => {
    const { data: stored } = await directData()
      .transactions.query.byProfileDate({ profile_id: profileId })
      .go({ pages: 'all' });
    expect(stored.length).toBeGreaterThan(450);

    const { rows, pages } = await readAll<{ id: string; date: string }>(
      '/transactions?limit=150',
      'transactions',
    );
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(stored.length / 150));
    const ids = rows.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(stored.map((t) => t.id)));
    const dates = rows.map((t) => t.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("one account's transactions page the same way", async () => {
    const accountId = accountIds[0] ?? '';
    const { data: stored } = await directData()
      .transactions.query.byAccountDate({ account_id: accountId })
      .go({ pages: 'all' });
    const { rows } = await readAll<{ id: string; account_id: string }>(
      `/transactions?accountId=${accountId}&limit=40`,
      'transactions',
    );
    expect(rows.map((t) => t.id).sort()).toEqual(stored.map((t) => t.id).sort());
    expect(rows.every((t) => t.account_id === accountId)).toBe(true);
  });

  it("the plan's items and the accounts list follow their cursors to every row", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const until = new Date(Date.now() + 700 * 86_400_000).toISOString().slice(0, 10);
    expect((await generatePlan({ token: owner.idToken, profileId })).status).toBe(200);
    const whole = await call<{ items: Array<{ id: string }>; next_cursor: string | null }>(
      `/money-plan/items?from=${today}&to=${until}&limit=1000`,
    );
    expect(whole.body.next_cursor).toBeNull();
    expect(whole.body.items.length).toBeGreaterThan(100);
    const { rows, pages } = await readAll<{ id: string; due_date: string }>(
      `/money-plan/items?from=${today}&to=${until}&limit=37`,
      'items',
    );
    expect(pages).toBeGreaterThan(2);
    expect(rows.map((i) => i.id)).toEqual(whole.body.items.map((i) => i.id));
    const due = rows.map((i) => i.due_date);
    expect(due).toEqual([...due].sort());

    const accounts = await readAll<{ id: string }>('/accounts?limit=3', 'accounts');
    expect(accounts.pages).toBe(Math.ceil(accountIds.length / 3));
    expect(accounts.rows.map((a) => a.id).sort()).toEqual([...accountIds].sort());
  });

  it('a cursor that was not issued, or an impossible date, is a 400 naming the field', async () => {
    for (const path of [
      '/transactions?cursor=not-a-cursor',
      '/money-plan/items?cursor=bm90LWpzb24',
      '/accounts?cursor=eyJ4IjoxfQ',
    ]) {
      const response = await call<{ code: string; message: string }>(path);
      expect(response.status, path).toBe(400);
      expect(response.body.message, path).toContain('cursor');
    }
    const impossible = await call<{ message: string }>('/transactions?from=2026-02-30');
    expect(impossible.status).toBe(400);
    expect(impossible.body.message).toContain('from');
  });
});
