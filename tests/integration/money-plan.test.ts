// The money engine through the gateway against DynamoDB Local and the Plaid sandbox: a new
// user links a sandbox bank, the initial sync runs, 'generate my plan' finds payroll and rent with their
// transactions; regeneration is idempotent and respects deletes and edits; a one-off expense lowers
// every later day's forecast by exactly its amount and deleting it restores them; a match can be undone
// and is not made again; viewers read but cannot write; strangers see nothing.
// It stays one file though it is long: every case builds on the one linked user and generated plan of its
// beforeAll (a sandbox link, an initial sync and a plan generation); split, each file would pay for that
// setup again in CI, and the cases read as the one story they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/money/dates.ts';
import { hashAt } from '../../functions/lib/money/item-hashes.ts';
import { directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import {
  forecastSettled,
  drainQueues,
  generatePlan,
  joinAs,
  linkedUser,
  profileApi,
  runJobCall,
  type StoredAccountView,
} from './money-helpers.ts';

interface Stream {
  series_id: string;
  source: string;
  kind: string;
  cadence: string;
  amount: number;
  next_date: string | null;
  account_id: string | null;
  description: string;
  is_planned: boolean;
  category: { primary: string; detailed: string } | null;
  explanation: string[];
  transactions: Array<{ id: string; date: string; amount: number; name: string }>;
}
interface GenerateResult {
  created: number;
  updated: number;
  deleted: number;
  extended: number;
  streams: Stream[];
  summary: { income: number; left_after_bills: number };
  forecast_generated_at: string;
}
interface Item {
  id: string;
  account_id: string | null;
  due_date: string;
  amount: number;
  description: string;
  series_id: string | null;
  is_generated: boolean;
  is_user_edited: boolean;
  is_user_deleted: boolean;
  is_reconciled: boolean;
  series_source: string | null;
  reconciliation: {
    transaction_id: string;
    reasons: string[];
    transaction: { id: string; display_name: string } | null;
  } | null;
}
interface Row {
  balance_date: string;
  opening_balance: number;
  closing_balance: number;
  actual_transactions_total: number;
  forecasted_transactions_total: number;
  is_forecast: boolean;
  closing_low: number;
  closing_high: number;
  created_at?: string;
}
interface Series {
  account_id: string | null;
  from: string;
  to: string;
  stale: boolean;
  generated_at: string;
  rows: Row[];
}

const today = () => new Date().toISOString().slice(0, 10);

let owner: TestUser;
let profileId: string;
let accounts: StoredAccountView[];
let checking: StoredAccountView;
let first: GenerateResult;

const call = <T>(method: string, path: string, body?: unknown, token = owner.idToken) =>
  profileApi<T>(method, path, { token, profileId, body });
/** A planned item due today as GET /money-plan/items lists it now. */
const itemNow = async (id: string) =>
  (await call<{ items: Item[] }>('GET', `/money-plan/items?from=${today()}&to=${today()}`)).body.items.find(
    (i) => i.id === id,
  );

afterAll(() => forecastSettled(profileId));

interface RecentTransaction {
  id: string;
  date: string;
  amount: number;
  name: string;
  merchant_name?: string;
  display_name: string;
  pending: boolean;
  account_id: string;
}

/** A posted everyday charge on checking from the last three days, before today, in no detected stream. */
async function recentPurchase(): Promise<RecentTransaction> {
  const { body } = await call<{ transactions: RecentTransaction[] }>(
    'GET',
    `/transactions?accountId=${checking.id}&from=${addDays(today(), -3)}&to=${today()}`,
  );
  const streamTransactions = new Set(first.streams.flatMap((s) => s.transactions.map((t) => t.id)));
  const found = body.transactions.find(
    (t) => !t.pending && t.amount > 0 && !streamTransactions.has(t.id) && t.date < today(),
  );
  if (!found) throw new Error('no everyday transaction in the last three days to plan');
  return found;
}

beforeAll(async () => {
  ({ user: owner, profileId, accounts } = await linkedUser('ins_109509'));
  const found = accounts.find((a) => a.account_type === 'depository' && a.account_subtype === 'checking');
  if (!found) throw new Error('no checking account');
  checking = found;
  const generated = await generatePlan<GenerateResult>({ token: owner.idToken, profileId });
  expect(generated.status).toBe(200);
  first = generated.body;
}, 120_000);

describe('generate my plan', () => {
  it('answers once the forecast of the new plan is stored (the calendar reads it as it is)', async () => {
    expect(Date.parse(first.forecast_generated_at)).not.toBeNaN();
    const balances = await call<Series>('GET', '/running-balances?view=cash');
    expect(balances.status).toBe(200);
    // Current when read: served as stored, not regenerated on the read.
    expect(balances.body).toMatchObject({ stale: false, generated_at: first.forecast_generated_at });
  });

  it('finds payroll and rent, each with the transactions it was detected from, and plans them', async () => {
    const payroll = first.streams.find((s) => s.category?.detailed === 'INCOME_WAGES');
    const rent = first.streams.find((s) => s.category?.detailed === 'RENT_AND_UTILITIES_RENT');
    expect(payroll).toMatchObject({ kind: 'income', account_id: checking.id, is_planned: true });
    expect(rent).toMatchObject({
      kind: 'bill',
      cadence: 'monthly',
      account_id: checking.id,
      is_planned: true,
    });
    for (const stream of [payroll, rent]) {
      expect(stream?.transactions.length).toBeGreaterThanOrEqual(12);
      expect(stream?.explanation.length).toBeGreaterThan(0);
      expect(stream?.next_date && stream.next_date >= today()).toBe(true);
    }
    expect(payroll?.amount).toBeGreaterThan(0);
    expect(rent?.amount).toBeLessThan(0);
    expect(first.created).toBeGreaterThan(50);
    expect(first.summary.income).toBeGreaterThan(0);

    const listed = await call<{ streams: Stream[] }>('GET', '/money-plan/streams');
    expect(listed.status).toBe(200);
    expect(listed.body.streams.map((s) => s.series_id)).toContain(rent?.series_id);

    const items = await call<{ items: Item[] }>(
      'GET',
      `/money-plan/items?from=${today()}&to=${addDays(today(), 62)}&accountId=${checking.id}`,
    );
    const rentItems = items.body.items.filter((i) => i.series_id === rent?.series_id);
    expect(rentItems.length).toBeGreaterThanOrEqual(2);
    expect(rentItems[0]).toMatchObject({ is_generated: true, amount: rent?.amount, is_reconciled: false });
  });

  it('never settles a planned transfer with a purchase of the same amount, nor a bill with a transfer', async () => {
    const purchase = await recentPurchase();
    const plan = (description: string, category: { primary: string; detailed: string }) =>
      call<{ item: Item }>('POST', '/money-plan/items', {
        description,
        amount: -purchase.amount,
        due_date: today(),
        account_id: purchase.account_id,
        category,
      });
    // The purchase's amount, its account, within a one-off's 3 days: planned as a transfer, it stays open.
    const transfer = await plan('Move to savings', {
      primary: 'TRANSFER_OUT',
      detailed: 'TRANSFER_OUT_SAVINGS',
    });
    expect(transfer.status).toBe(201);
    // Planned as what it is, the purchase settles it (once PlanChanged's consumer has reconciled).
    const bought = await plan(purchase.name, {
      primary: 'GENERAL_MERCHANDISE',
      detailed: 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
    });
    await drainQueues();
    expect(await itemNow(transfer.body.item.id)).toMatchObject({
      is_reconciled: false,
      reconciliation: null,
    });
    const settled = await itemNow(bought.body.item.id);
    expect(settled).toMatchObject({ is_reconciled: true });
    expect(settled?.reconciliation?.transaction_id).toBe(purchase.id);
    // Leave the purchase free for the next test: undone, then both items gone.
    expect((await call('POST', `/money-plan/items/${bought.body.item.id}/unreconcile`)).status).toBe(200);
    for (const id of [transfer.body.item.id, bought.body.item.id])
      expect((await call('DELETE', `/money-plan/items/${id}`)).status).toBe(200);
  });

  it('is idempotent, and never resurrects a deleted item nor overwrites an edited one', async () => {
    const again = await generatePlan<GenerateResult>({ token: owner.idToken, profileId });
    expect(again.body).toMatchObject({ created: 0, updated: 0, deleted: 0 });

    const { body } = await call<{ items: Item[] }>(
      'GET',
      `/money-plan/items?from=${addDays(today(), 30)}&to=${addDays(today(), 120)}`,
    );
    const generated = body.items.filter((i) => i.is_generated);
    const [toDelete, toEdit] = [generated[0], generated[1]];
    if (!toDelete || !toEdit) throw new Error('too few generated items');
    const deleted = await call<{ item: Item }>('DELETE', `/money-plan/items/${toDelete.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.item.is_user_deleted).toBe(true);
    const edited = await call<{ item: Item }>('PATCH', `/money-plan/items/${toEdit.id}`, {
      amount: toEdit.amount - 1234,
      description: 'Edited by me',
    });
    expect(edited.body.item).toMatchObject({ is_user_edited: true, amount: toEdit.amount - 1234 });

    const third = await generatePlan<GenerateResult>({ token: owner.idToken, profileId });
    expect(third.body).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    const after = await call<{ items: Item[] }>(
      'GET',
      `/money-plan/items?from=${addDays(today(), 30)}&to=${addDays(today(), 120)}&includeDeleted=true`,
    );
    expect(after.body.items.find((i) => i.id === toDelete.id)).toMatchObject({ is_user_deleted: true });
    expect(after.body.items.find((i) => i.id === toEdit.id)).toMatchObject({
      amount: toEdit.amount - 1234,
      description: 'Edited by me',
      is_user_edited: true,
    });
    const visible = await call<{ items: Item[] }>(
      'GET',
      `/money-plan/items?from=${addDays(today(), 30)}&to=${addDays(today(), 120)}`,
    );
    expect(visible.body.items.some((i) => i.id === toDelete.id)).toBe(false);

    // A series-wide edit of a detected stream sticks, even one that moves it to no account.
    const bill = first.streams.find(
      (st) =>
        st.is_planned &&
        st.kind === 'bill' &&
        st.cadence === 'monthly' &&
        st.category?.detailed !== 'RENT_AND_UTILITIES_RENT',
    );
    const billItems = after.body.items.filter((i) => i.series_id === bill?.series_id && !i.is_user_deleted);
    const seriesEdit = await call<{ updated: number }>('PATCH', `/money-plan/items/${billItems[0]?.id}`, {
      account_id: null,
      description: 'Power (shared)',
      scope: 'series',
    });
    expect(seriesEdit.body.updated).toBeGreaterThanOrEqual(billItems.length);
    const fourth = await generatePlan<GenerateResult>({ token: owner.idToken, profileId });
    expect(fourth.body).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    const shared = await call<{ items: Item[] }>(
      'GET',
      `/money-plan/items?from=${addDays(today(), 30)}&to=${addDays(today(), 400)}`,
    );
    const sharedItems = shared.body.items.filter((i) => i.series_id === bill?.series_id);
    expect(sharedItems.length).toBeGreaterThan(billItems.length);
    expect(sharedItems.every((i) => i.account_id === null && i.description === 'Power (shared)')).toBe(true);
    expect(fourth.body.streams.find((st) => st.series_id === bill?.series_id)).toMatchObject({
      account_id: null,
      description: 'Power (shared)',
    });

    // Undo the delete: the item is back, and the stored record was never removed.
    const restored = await call<{ item: Item }>('PATCH', `/money-plan/items/${toDelete.id}`, {
      is_user_deleted: false,
    });
    expect(restored.body.item.is_user_deleted).toBe(false);
  });
});

describe('forecast', () => {
  // created_at is when the forecast was generated: equal numbers, not equal timestamps, are the point.
  const balances = async (query: string) => {
    const response = await call<Series>('GET', `/running-balances?${query}`);
    const rows = (response.body.rows ?? []).map(({ created_at: _created, ...row }) => row);
    return { ...response, body: { ...response.body, rows } };
  };

  it('answers 90 days by default, today not a forecast, each day opening at the previous close', async () => {
    const { status, body } = await balances(`accountId=${checking.id}`);
    expect(status).toBe(200);
    expect(body.rows).toHaveLength(91);
    expect(body.rows[0]).toMatchObject({ balance_date: today(), is_forecast: false });
    expect(body.rows.slice(1).every((r) => r.is_forecast)).toBe(true);
    body.rows.forEach((row, i) => {
      expect(row.closing_balance).toBe(
        row.opening_balance + row.actual_transactions_total + row.forecasted_transactions_total,
      );
      if (i > 0) expect(row.opening_balance).toBe(body.rows[i - 1]?.closing_balance);
    });
    expect(body.stale).toBe(false);
    const full = await balances('days=730');
    expect(full.body.rows).toHaveLength(731);
    expect(full.body.account_id).toBeNull();
    expect((await balances('days=731')).status).toBe(400);
  });

  it('carries a likely range: the closing balance today, widening with distance, none without the allowance', async () => {
    const { body } = await balances(`accountId=${checking.id}&days=730&includeAllowance=true`);
    const width = (r: Row | undefined) => (r ? r.closing_high - r.closing_low : NaN);
    expect(body.rows[0]).toMatchObject({
      closing_low: body.rows[0]?.closing_balance,
      closing_high: body.rows[0]?.closing_balance,
    });
    expect(
      body.rows.filter((r) => !(r.closing_low <= r.closing_balance && r.closing_balance <= r.closing_high)),
    ).toEqual([]);
    expect(width(body.rows[30])).toBeGreaterThan(0);
    expect(width(body.rows[90])).toBeGreaterThanOrEqual(width(body.rows[30]));
    expect(width(body.rows[730])).toBeGreaterThan(width(body.rows[365]));
    expect(body.rows.every((r, i) => i === 0 || width(r) >= width(body.rows[i - 1]))).toBe(true);
    const off = await balances(`accountId=${checking.id}&days=730&includeAllowance=false`);
    expect(
      off.body.rows.every((r) => r.closing_low === r.closing_balance && r.closing_high === r.closing_balance),
    ).toBe(true);
  });

  it('a one-off expense of X lowers every later closing balance by exactly X; deleting it restores them', async () => {
    const query = `accountId=${checking.id}&days=120&includeAllowance=false`;
    const before = (await balances(query)).body.rows;
    const totalBefore = (await balances('days=120&includeAllowance=false')).body.rows;
    const withAllowanceBefore = (await balances('days=120')).body.rows;
    const due = addDays(today(), 17);
    const X = 12_345;
    const created = await call<{ item: Item }>('POST', '/money-plan/items', {
      description: 'New laptop',
      amount: -X,
      due_date: due,
      account_id: checking.id,
      category: { primary: 'GENERAL_MERCHANDISE', detailed: 'GENERAL_MERCHANDISE_ELECTRONICS' },
    });
    expect(created.status).toBe(201);
    expect(created.body.item).toMatchObject({ is_generated: false, is_reconciled: false, amount: -X });

    const after = (await balances(query)).body.rows;
    const totalAfter = (await balances('days=120&includeAllowance=false')).body.rows;
    // With the allowance, the person's own item takes the place of as much of its month's expected
    // everyday spending (docs/money-engine.md "Rare large spending…"): the total falls by at most X.
    const withAllowanceAfter = (await balances('days=120')).body.rows;
    withAllowanceAfter.forEach((row, i) => {
      const fall = (withAllowanceBefore[i]?.closing_balance ?? 0) - row.closing_balance;
      expect(Math.abs(fall), row.balance_date).toBeLessThanOrEqual(X);
    });
    const end = withAllowanceAfter.length - 1;
    const fallAtEnd =
      (withAllowanceBefore[end]?.closing_balance ?? 0) - (withAllowanceAfter[end]?.closing_balance ?? 0);
    expect(fallAtEnd).toBeGreaterThanOrEqual(0);
    expect(fallAtEnd).toBeLessThanOrEqual(X);
    after.forEach((row, i) => {
      const was = before[i];
      expect(row.balance_date).toBe(was?.balance_date);
      expect(row.closing_balance, row.balance_date).toBe(
        (was?.closing_balance ?? 0) - (row.balance_date >= due ? X : 0),
      );
      expect(totalAfter[i]?.closing_balance).toBe(
        (totalBefore[i]?.closing_balance ?? 0) - (row.balance_date >= due ? X : 0),
      );
    });

    const deleted = await call('DELETE', `/money-plan/items/${created.body.item.id}`);
    expect(deleted.status).toBe(200);
    expect((await balances(query)).body.rows).toEqual(before);
    // The record is a tombstone, not gone: regeneration cannot bring the item back.
    const { data: stored } = await directData().moneyPlanTransactions.get({ id: created.body.item.id }).go();
    expect(stored?.is_user_deleted).toBe(true);
  });

  it("an item with no account counts in each account's own view but once in the all-accounts total", async () => {
    const due = addDays(today(), 23);
    const Y = 7_777;
    const views = () =>
      Promise.all([
        balances('days=40&includeAllowance=false'),
        ...accounts.map((a) => balances(`accountId=${a.id}&days=40&includeAllowance=false`)),
      ]);
    const before = await views();
    const created = await call<{ item: Item }>('POST', '/money-plan/items', {
      description: 'Gift for Mum',
      amount: -Y,
      due_date: due,
      account_id: null,
    });
    const after = await views();
    const lastDay = (v: (typeof before)[number]) => v.body.rows[v.body.rows.length - 1]?.closing_balance ?? 0;
    expect(lastDay(after[0]!) - lastDay(before[0]!)).toBe(-Y);
    accounts.forEach((account, i) => {
      const owed = account.account_type === 'credit' || account.account_type === 'loan';
      expect(lastDay(after[i + 1]!) - lastDay(before[i + 1]!), account.account_type).toBe(owed ? Y : -Y);
    });
    await call('DELETE', `/money-plan/items/${created.body.item.id}`);
  });

  it('reports the lowest projected balance and its date', async () => {
    const rows = (await balances('days=365')).body.rows;
    const lowest = await call<{ lowest: { balance_date: string; closing_balance: number } }>(
      'GET',
      '/running-balances/lowest?days=365',
    );
    const min = Math.min(...rows.map((r) => r.closing_balance));
    expect(lowest.body.lowest.closing_balance).toBe(min);
    expect(rows.find((r) => r.closing_balance === min)?.balance_date).toBe(lowest.body.lowest.balance_date);
  });

  it('stores one item per account per month, and a forced regeneration keeps the same numbers', async () => {
    const before = (await balances(`accountId=${checking.id}&days=730`)).body.rows;
    const forced = await runJobCall<{ status: string; items_written: number; accounts: number }>(
      '/running-balances/regenerate',
      { token: owner.idToken, profileId },
    );
    expect(forced.status).toBe(200);
    expect(forced.body.accounts).toBe(accounts.length);
    const { data: months } = await directData()
      .runningBalanceMonths.query.byAccountMonth({ account_id: checking.id })
      .go();
    expect(months.length).toBeGreaterThanOrEqual(25);
    expect(months.length).toBeLessThanOrEqual(26);
    // Each month is the one the header lists (the forced regeneration rewrote only changed ones).
    const { data: header } = await directData().profileForecasts.get({ profile_id: profileId }).go();
    const [first] = (header?.months as Record<string, [string, string]>)[checking.id] ?? [];
    const listed = (header?.month_hashes as Record<string, string>)[checking.id];
    expect(months.every((m) => hashAt(listed, first, m.month) === m.content_hash)).toBe(true);
    expect((await balances(`accountId=${checking.id}&days=730`)).body.rows).toEqual(before);
  });
});

describe('reconciliation', () => {
  it('marks a planned item that a posted transaction matches; undoing it puts the item back into the forecast and the same match is never made again', async () => {
    // A recent everyday charge, planned for today: within the 3-day window of a one-off, so it matches,
    // and due today, so once the match is undone it counts in today's forecast.
    const tx = await recentPurchase();
    const query = `accountId=${checking.id}&days=30&includeAllowance=false`;
    const rows = async () => (await call<Series>('GET', `/running-balances?${query}`)).body.rows;
    const before = await rows();

    const created = await call<{ item: Item }>('POST', '/money-plan/items', {
      description: tx.merchant_name ?? tx.name,
      amount: -tx.amount,
      due_date: today(),
      account_id: tx.account_id,
    });
    expect(created.status).toBe(201);
    const id = created.body.item.id;
    // The save answers with the item as stored; PlanChanged's consumer reconciles it behind the answer.
    expect(created.body.item).toMatchObject({ is_reconciled: false });
    await drainQueues();
    const settled = await itemNow(id);
    expect(settled).toMatchObject({ is_reconciled: true });
    expect(settled?.reconciliation?.transaction_id).toBe(tx.id);
    expect(settled?.reconciliation?.transaction?.id).toBe(tx.id);
    // The matched transaction is named as /transactions names it (the calendar's "Matched with …").
    expect(settled?.reconciliation?.transaction?.display_name).toBe(tx.display_name);
    expect(settled?.reconciliation?.reasons.length).toBeGreaterThan(0);
    // Reconciled: the forecast is as if it were not planned at all.
    const matched = await rows();
    expect(matched.map((r) => r.closing_balance)).toEqual(before.map((r) => r.closing_balance));

    const undone = await call<{ item: Item; changed: boolean }>(
      'POST',
      `/money-plan/items/${id}/unreconcile`,
    );
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      changed: true,
      item: { is_reconciled: false, reconciliation: null },
    });
    // Open again: today's forecasted total and every closing balance from today on drop by its amount.
    const reopened = await rows();
    expect(reopened[0]?.forecasted_transactions_total).toBe(
      (before[0]?.forecasted_transactions_total ?? 0) - tx.amount,
    );
    expect(reopened.map((r) => r.closing_balance)).toEqual(before.map((r) => r.closing_balance - tx.amount));
    // Undoing again changes nothing.
    const again = await call<{ changed: boolean }>('POST', `/money-plan/items/${id}/unreconcile`);
    expect(again.body.changed).toBe(false);

    // Later reconciliation runs (after an edit, and 'generate my plan') do not make the same match again.
    const edited = await call<{ item: Item }>('PATCH', `/money-plan/items/${id}`, {
      description: 'Groceries (planned)',
    });
    // (Another charge of the same size in the window may match it: that is a new match, not the same.)
    expect(edited.body.item.reconciliation?.transaction_id ?? null).not.toBe(tx.id);
    expect((await generatePlan({ token: owner.idToken, profileId })).status).toBe(200);
    const listed = await call<{ items: Item[] }>('GET', `/money-plan/items?from=${today()}&to=${today()}`);
    const relisted = listed.body.items.find((i) => i.id === id);
    expect(relisted).toBeDefined();
    expect(relisted?.reconciliation?.transaction_id ?? null).not.toBe(tx.id);
    const { data: rejected } = await directData()
      .reconciliationRejections.query.byProfile({ profile_id: profileId })
      .go();
    expect(rejected).toContainEqual(expect.objectContaining({ planned_id: id, transaction_id: tx.id }));

    // Tidy up so later tests see the forecast without it.
    expect((await call('DELETE', `/money-plan/items/${id}`)).status).toBe(200);
  });

  it('unreconcile: an unknown item is 404, a bad id is 400 naming the field', async () => {
    const missing = await call<{ message: string }>('POST', '/money-plan/items/pi_missing/unreconcile');
    expect(missing.status).toBe(404);
    const bad = await call<{ errors?: Array<{ field: string }> }>(
      'POST',
      `/money-plan/items/${'x'.repeat(300)}/unreconcile`,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('itemId');
  });
});

interface CalendarDay {
  date: string;
  is_today: boolean;
  is_forecast: boolean;
  transactions: Array<{
    id: string;
    account_id: string;
    amount: number;
    pending: boolean;
    classification: { direction: string; normalizedAmount: number };
  }>;
  planned: Item[];
  balances: {
    total: { opening: number; closing: number; low: number; high: number } | null;
    accounts: Array<{ account_id: string; opening: number; closing: number; low: number; high: number }>;
  };
  flags: { is_low: boolean; is_negative: boolean; is_lowest: boolean };
}
interface Calendar {
  month: string;
  accounts: Array<{ id: string; account_type: string; balance_convention: string }>;
  summary: { lowest: { date: string; closing: number } | null };
  days: CalendarDay[];
  plan_started_on: string | null;
}

describe('get-money-plan-calendar', () => {
  const calendar = (body: Record<string, unknown>) =>
    call<Calendar>('POST', '/functions/get-money-plan-calendar', body);
  const monthOf = (offset: number) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + offset);
    return d.toISOString().slice(0, 7);
  };
  const liability = (id: string) =>
    ['credit', 'loan'].includes(accounts.find((a) => a.id === id)?.account_type ?? '');

  function expectContinuous(days: CalendarDay[]) {
    days.forEach((day, i) => {
      const previous = days[i - 1];
      if (!previous?.balances.total || !day.balances.total) return;
      expect(day.balances.total.opening, day.date).toBe(previous.balances.total.closing);
      for (const b of day.balances.accounts)
        expect(b.opening, `${day.date} ${b.account_id}`).toBe(
          previous.balances.accounts.find((p) => p.account_id === b.account_id)?.closing,
        );
    });
  }

  it("next month: every day's balances per account and in total, the planned payday, the flags", async () => {
    // Net worth holds every account (the default view, cash, is money-views.test.ts's).
    const { status, body } = await calendar({ month: monthOf(1), view: 'net_worth' });
    expect(status).toBe(200);
    expect(body.accounts).toHaveLength(accounts.length);
    expect(body.days.length).toBeGreaterThanOrEqual(28);
    for (const day of body.days) {
      expect(day).toMatchObject({ is_today: false, is_forecast: true, transactions: [] });
      expect(day.balances.total).not.toBeNull();
      expect(day.balances.accounts).toHaveLength(accounts.length);
      expect(Object.keys(day.flags).sort()).toEqual(['is_low', 'is_lowest', 'is_negative']);
    }
    expectContinuous(body.days);
    // The likely range around each balance, wider at the month's end than at its start.
    for (const day of body.days)
      for (const b of [day.balances.total, ...day.balances.accounts])
        expect(b && b.low <= b.closing && b.closing <= b.high, day.date).toBe(true);
    const spread = (d: CalendarDay | undefined) =>
      d?.balances.total ? d.balances.total.high - d.balances.total.low : NaN;
    expect(spread(body.days.at(-1))).toBeGreaterThan(spread(body.days[0]));
    expect(spread(body.days[0])).toBeGreaterThan(0);
    const paydays = body.days.filter((d) =>
      d.planned.some((p) => p.series_source === 'detected' && p.amount > 0 && p.account_id === checking.id),
    );
    expect(paydays.length).toBeGreaterThanOrEqual(2);
    // The lowest point is marked on cash (low days are a cash notion).
    const { body: cash } = await calendar({ month: monthOf(1) });
    const closings = cash.days.map((d) => d.balances.total?.closing ?? Infinity);
    const lowest = cash.days.filter((d) => d.flags.is_lowest);
    expect(lowest).toHaveLength(1);
    expect(lowest[0]?.balances.total?.closing).toBe(Math.min(...closings));
    expect(cash.summary.lowest?.date).toBe(lowest[0]?.date);

    const everyDayLow = await calendar({ month: monthOf(1), lowBalanceThreshold: 100_000_000_00 });
    expect(everyDayLow.body.days.every((d) => d.flags.is_low)).toBe(true);
    const single = await calendar({ month: monthOf(1), accountId: checking.id });
    expect(single.body.days.every((d) => d.balances.accounts.length === 1)).toBe(true);
    expect(single.body.days[0]?.balances.total?.closing).toBe(
      single.body.days[0]?.balances.accounts[0]?.closing,
    );
  });

  it('a past month: classified transactions and actual balances reconstructed from the current balance', async () => {
    const [{ body: past }, { body: after }] = await Promise.all([
      calendar({ month: monthOf(-3) }),
      calendar({ month: monthOf(-2) }),
    ]);
    expect(past.days.every((d) => !d.is_forecast && d.balances.total !== null)).toBe(true);
    const posted = past.days.flatMap((d) => d.transactions.filter((t) => !t.pending));
    expect(posted.length).toBeGreaterThan(20);
    expect(posted[0]?.classification.direction).toMatch(/income|expense|transfer_in|transfer_out/);
    expectContinuous(past.days);
    // What happened has no range.
    for (const day of past.days)
      for (const b of [day.balances.total, ...day.balances.accounts])
        expect(b && b.low === b.closing && b.high === b.closing, day.date).toBe(true);
    // Each day's change is exactly its posted transactions, in the account's own convention.
    for (const day of past.days)
      for (const b of day.balances.accounts) {
        const flow = day.transactions
          .filter((t) => t.account_id === b.account_id && !t.pending)
          .reduce((sum, t) => sum - t.amount, 0);
        expect(b.closing - b.opening, `${day.date} ${b.account_id}`).toBe(
          liability(b.account_id) ? 0 - flow : flow,
        );
      }
    // Months join up: the next month opens where this one closed.
    expectContinuous([past.days[past.days.length - 1] as CalendarDay, after.days[0] as CalendarDay]);
  });

  it("this month: yesterday's actual close is today's opening, the forecast's opening", async () => {
    const { body } = await calendar({ month: monthOf(0) });
    expectContinuous(body.days);
    const todayRow = body.days.find((d) => d.is_today);
    const series = await call<Series>('GET', '/running-balances?days=0');
    expect(todayRow?.balances.total?.opening).toBe(series.body.rows[0]?.opening_balance);
  });

  it('names the day the plan began: its first generation, which a later one keeps', async () => {
    expect((await calendar({ month: monthOf(0) })).body.plan_started_on).toBe(today());
    // A plan first made 40 days ago (as its record would hold it): generating again keeps that day.
    const earlier = addDays(today(), -40);
    const forecasts = directData().profileForecasts;
    await forecasts.update({ profile_id: profileId }).set({ plan_started_on: earlier }).go();
    try {
      expect((await generatePlan({ token: owner.idToken, profileId })).status).toBe(200);
      expect((await calendar({ month: monthOf(-1) })).body.plan_started_on).toBe(earlier);
    } finally {
      await forecasts.update({ profile_id: profileId }).set({ plan_started_on: today() }).go();
    }
  });

  it('refuses months beyond 24 either way and a malformed month, naming the field', async () => {
    for (const month of [monthOf(25), monthOf(-25), '2026-13', 'May']) {
      const response = await call<{ issues: Array<{ field: string }> }>(
        'POST',
        '/functions/get-money-plan-calendar',
        { month },
      );
      expect(response.status, month).toBe(400);
      expect(response.body.issues[0]?.field).toBe('month');
    }
  });

  it("the caller's saved threshold marks low days, and the saved allowance switch shapes the forecast", async () => {
    const month = monthOf(1);
    const saved = await call('PUT', '/money-plan/settings', {
      low_balance_threshold: 100_000_000_000,
      include_allowance: false,
    });
    expect(saved.status).toBe(200);
    const high = await calendar({ month });
    const withBalance = high.body.days.filter((d) => d.balances.total);
    expect(withBalance.length).toBeGreaterThan(27);
    expect(withBalance.every((d) => d.flags.is_low)).toBe(true);
    const series = (query: string) => call<Series>('GET', `/running-balances?days=60${query}`);
    expect((await series('')).body.rows).toEqual((await series('&includeAllowance=false')).body.rows);
    expect((await series('')).body.rows).not.toEqual((await series('&includeAllowance=true')).body.rows);

    await call('PUT', '/money-plan/settings', { low_balance_threshold: 0, include_allowance: true });
    const none = await calendar({ month });
    for (const d of none.body.days.filter((day) => day.balances.total))
      expect(d.flags.is_low, d.date).toBe(d.flags.is_negative);
    expect((await series('')).body.rows).toEqual((await series('&includeAllowance=true')).body.rows);
    await call('PUT', '/money-plan/settings', { low_balance_threshold: 10_000 });
  });
});

describe('roles', () => {
  it('a viewer reads but cannot write (403); a stranger gets 404', async () => {
    const viewer = await joinAs(owner, profileId, 'viewer');
    const stranger = await signUpAndSignIn('Stranger');
    const read = await profileApi('GET', '/money-plan/items', { token: viewer.idToken, profileId });
    expect(read.status).toBe(200);
    expect((await profileApi('GET', '/running-balances', { token: viewer.idToken, profileId })).status).toBe(
      200,
    );
    const write = await profileApi('POST', '/money-plan/items', {
      token: viewer.idToken,
      profileId,
      body: { description: 'Nope', amount: -100, due_date: today(), account_id: null },
    });
    expect(write.status).toBe(403);
    expect(
      (await profileApi('POST', '/money-plan/generate', { token: viewer.idToken, profileId, body: {} }))
        .status,
    ).toBe(403);
    expect(
      (await profileApi('GET', '/money-plan/items', { token: stranger.idToken, profileId })).status,
    ).toBe(404);
    expect(
      (
        await profileApi('POST', '/functions/get-money-plan-calendar', {
          token: stranger.idToken,
          profileId,
          body: { month: today().slice(0, 7) },
        })
      ).status,
    ).toBe(404);
  });

  it('rejects bad input with a 400 naming the field', async () => {
    const bad = await call<{ issues: Array<{ field: string }> }>('POST', '/money-plan/items', {
      description: 'Bad',
      amount: 12.5,
      due_date: '2026-02-30',
      account_id: 'not-mine',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i) => i.field).sort()).toEqual(['amount', 'due_date']);
    const foreign = await call<{ issues: Array<{ field: string }> }>('POST', '/money-plan/items', {
      description: 'Bad',
      amount: -100,
      due_date: today(),
      account_id: 'not-mine',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues[0]?.field).toBe('account_id');
  });
});
