// Cash and debt kept apart, through the gateway against DynamoDB Local and the
// Plaid sandbox's First Platypus Bank (checking, savings, a card, a student loan and a mortgage): the
// calendar and the forecast open on Cash, a card or loan reads as owed (positive) in every figure of
// its view, net worth is held − owed, low days are marked only on cash, the picker lists every
// account, the member's chosen view is remembered, and the plan's income leaves the loan and card
// sides of payments out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestUser } from './helpers.ts';
import {
  forecastSettled,
  generatePlan,
  linkedUser,
  profileApi,
  type StoredAccountView,
} from './money-helpers.ts';

interface Balance {
  opening: number;
  closing: number;
  low: number;
  high: number;
}
interface CalendarDay {
  date: string;
  is_forecast: boolean;
  transactions: Array<{
    account_id: string;
    amount: number;
    pending?: boolean;
    classification: { direction: string; normalizedAmount: number };
  }>;
  totals: { actual_in: number; actual_out: number; transfers_in: number; transfers_out: number };
  balances: { total: Balance | null; accounts: Array<{ account_id: string } & Balance> };
  flags: { is_low: boolean; is_negative: boolean; is_lowest: boolean };
}
interface Calendar {
  view: string;
  account_id: string | null;
  balance_convention: string;
  marks_low_days: boolean;
  accounts: Array<{ id: string; account_type: string; in_view: boolean }>;
  summary: { closing: number | null; lowest: { date: string } | null; low_days: number };
  days: CalendarDay[];
}
interface Series {
  view: string;
  balance_convention: string;
  rows: Array<{ balance_date: string; closing_balance: number }>;
}
interface Stream {
  kind: string;
  account_id: string | null;
  amount: number;
  monthly_amount: number;
  is_planned: boolean;
  category: { primary: string; detailed: string } | null;
}
interface Generated {
  streams: Stream[];
  summary: { income: number; bills: number; subscriptions: number; left_after_bills: number };
}

let owner: TestUser;
let profileId: string;
let accounts: StoredAccountView[];
let plan: Generated;
const byType = (type: string) => accounts.filter((a) => a.account_type === type);
const call = <T>(method: string, path: string, body?: unknown, token = owner.idToken) =>
  profileApi<T>(method, path, { token, profileId, body });
const calendar = (body: Record<string, unknown>) =>
  call<Calendar>('POST', '/functions/get-money-plan-calendar', body);
const nextMonth = () => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
};
const thisMonth = () => new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  ({ user: owner, profileId, accounts } = await linkedUser('ins_109508'));
  const generated = await generatePlan<Generated>({ token: owner.idToken, profileId });
  expect(generated.status).toBe(200);
  plan = generated.body;
}, 180_000);
afterAll(() => forecastSettled(profileId));

describe('views of the calendar and the forecast', () => {
  it('opens on Cash: only checking and savings, held, every account still listed for the picker', async () => {
    expect(byType('loan').length).toBe(2);
    expect(byType('credit').length).toBeGreaterThanOrEqual(1);
    const cashIds = byType('depository').map((a) => a.id);
    for (const month of [thisMonth(), nextMonth()]) {
      const { status, body } = await calendar({ month });
      expect(status).toBe(200);
      expect(body).toMatchObject({ view: 'cash', account_id: null, balance_convention: 'held' });
      expect(body.marks_low_days).toBe(true);
      expect(body.accounts.map((a) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());
      expect(body.accounts.filter((a) => a.in_view).map((a) => a.id)).toEqual(
        expect.arrayContaining(cashIds),
      );
      for (const day of body.days) {
        expect(day.balances.accounts.map((b) => b.account_id).sort(), day.date).toEqual([...cashIds].sort());
        for (const t of day.transactions) expect(cashIds).toContain(t.account_id);
        const sum = day.balances.accounts.reduce((s, b) => s + b.closing, 0);
        if (day.balances.total) expect(day.balances.total.closing, day.date).toBe(sum);
      }
      // Cash is what a person holds: nowhere near the −$200k of cash mixed with a mortgage.
      const closings = body.days.flatMap((d) => (d.balances.total ? [d.balances.total.closing] : []));
      expect(closings.length).toBeGreaterThan(27);
      expect(Math.min(...closings)).toBeGreaterThan(-50_000_00);
    }
    const series = await call<Series>('GET', '/running-balances?days=30');
    expect(series.body).toMatchObject({ view: 'cash', balance_convention: 'held' });
    const next = await calendar({ month: nextMonth() });
    const day = next.body.days[0];
    expect(series.body.rows.find((r) => r.balance_date === day?.date)?.closing_balance ?? null).toBe(
      day?.balances.total?.closing ?? null,
    );
  });

  it('a card and a loan read as owed, positive, in the summary, the day cells and the forecast', async () => {
    const debts = [...byType('credit'), ...byType('loan')];
    for (const debt of debts) {
      const { body } = await calendar({ month: nextMonth(), accountId: debt.id });
      expect(body).toMatchObject({ view: 'account', account_id: debt.id, balance_convention: 'owed' });
      expect(body.marks_low_days).toBe(false);
      expect(body.summary.lowest).toBeNull();
      expect(body.summary.low_days).toBe(0);
      for (const d of body.days) {
        expect(d.balances.total?.closing, d.date).toBe(d.balances.accounts[0]?.closing);
        expect(d.flags).toEqual({ is_low: false, is_negative: false, is_lowest: false });
      }
      const last = body.days.at(-1)?.balances.total?.closing;
      expect(body.summary.closing).toBe(last);
      const series = await call<Series>('GET', `/running-balances?days=90&accountId=${debt.id}`);
      expect(series.body.balance_convention).toBe('owed');
      // A loan's owed balance starts positive, as the bank reports it.
      if (debt.account_type === 'loan') expect(series.body.rows[0]?.closing_balance).toBeGreaterThan(0);
      const sameDay = series.body.rows.find((r) => r.balance_date === body.days[0]?.date);
      expect(sameDay?.closing_balance).toBe(body.days[0]?.balances.total?.closing);
    }
  });

  it('net worth is cash and investments minus what is owed, with no low days marked', async () => {
    const month = nextMonth();
    const [{ body: net }, { body: cash }] = await Promise.all([
      calendar({ month, view: 'net_worth', lowBalanceThreshold: 1_000_000_000_00 }),
      calendar({ month, view: 'cash', lowBalanceThreshold: 1_000_000_000_00 }),
    ]);
    expect(net).toMatchObject({ view: 'net_worth', balance_convention: 'net', marks_low_days: false });
    expect(net.days.some((d) => d.flags.is_low)).toBe(false);
    expect(cash.days.filter((d) => d.balances.total).every((d) => d.flags.is_low)).toBe(true);
    const owedIds = new Set([...byType('credit'), ...byType('loan')].map((a) => a.id));
    for (const day of net.days) {
      const expected = day.balances.accounts.reduce(
        (s, b) => s + (owedIds.has(b.account_id) ? -b.closing : b.closing),
        0,
      );
      expect(day.balances.total?.closing, day.date).toBe(expected);
    }
  });

  it("remembers the member's chosen view; refuses an account of another profile, naming the field", async () => {
    const card = byType('credit')[0];
    expect((await call('PUT', '/money-plan/settings', { view: 'net_worth' })).status).toBe(200);
    expect((await calendar({ month: nextMonth() })).body.view).toBe('net_worth');
    expect((await call<Series>('GET', '/running-balances?days=5')).body.view).toBe('net_worth');
    expect((await call('PUT', '/money-plan/settings', { view: card?.id })).status).toBe(200);
    expect((await calendar({ month: nextMonth() })).body).toMatchObject({
      view: 'account',
      account_id: card?.id,
    });
    // A request naming a view wins over the remembered one.
    expect((await calendar({ month: nextMonth(), view: 'cash' })).body.view).toBe('cash');

    const other = await signUpAndSignIn('Other Person');
    const { body: otherProfile } = await profileApi<{ profile: { id: string } }>(
      'POST',
      '/functions/ensure-default-profile',
      { token: other.idToken, profileId: 'none', body: {} },
    );
    expect(otherProfile.profile.id).toBeTruthy();
    for (const view of ['00000000-0000-4000-8000-000000000000', 'everything']) {
      const refused = await call<{ issues: Array<{ field: string }> }>('PUT', '/money-plan/settings', {
        view,
      });
      expect(refused.status, view).toBe(400);
      expect(refused.body.issues[0]?.field).toBe('view');
    }
    const bad = await call<{ issues: Array<{ field: string }> }>(
      'POST',
      '/functions/get-money-plan-calendar',
      { month: nextMonth(), view: 'debt' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]?.field).toBe('view');
    await call('PUT', '/money-plan/settings', { view: 'cash' });
  });
});

describe('the plan counts a loan or card payment once', () => {
  it("a past month's money in leaves out the receiving side of card and loan payments", async () => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - 2);
    const { body } = await calendar({ month: d.toISOString().slice(0, 7), view: 'net_worth' });
    const debtIds = new Set([...byType('credit'), ...byType('loan')].map((a) => a.id));
    let received = 0;
    for (const day of body.days) {
      const posted = day.transactions.filter((t) => !t.pending);
      const onDebt = posted.filter((t) => debtIds.has(t.account_id) && t.amount < 0);
      received += onDebt.length;
      const income = posted
        .filter((t) => !(debtIds.has(t.account_id) && t.amount < 0))
        .filter((t) => t.classification.direction === 'income')
        .reduce((sum, t) => sum + Math.abs(t.amount), 0);
      expect(day.totals.actual_in, day.date).toBe(income);
      const toDebt = onDebt.reduce((sum, t) => sum + Math.abs(t.amount), 0);
      expect(day.totals.transfers_in, day.date).toBeGreaterThanOrEqual(toDebt);
    }
    // The sandbox pays the card and both loans every month.
    expect(received).toBeGreaterThanOrEqual(3);
  });

  it('the loan and card sides of payments are transfers, and income is wages plus interest', () => {
    const debtIds = new Set([...byType('credit'), ...byType('loan')].map((a) => a.id));
    const debtInflows = plan.streams.filter((s) => s.account_id && debtIds.has(s.account_id) && s.amount > 0);
    expect(debtInflows.length).toBeGreaterThanOrEqual(2);
    for (const s of debtInflows) expect(s.kind).toBe('transfer');
    const income = plan.streams.filter((s) => s.kind === 'income' && s.is_planned);
    expect(income.length).toBeGreaterThan(0);
    for (const s of income) {
      expect(debtIds.has(s.account_id ?? '')).toBe(false);
      expect(s.category?.primary).toBe('INCOME');
    }
    expect(plan.summary.income).toBe(income.reduce((sum, s) => sum + s.monthly_amount, 0));
    // The cash side of the mortgage is still a bill: money leaving the household.
    const mortgagePayment = plan.streams.find(
      (s) => s.category?.detailed === 'LOAN_PAYMENTS_MORTGAGE_PAYMENT' && s.amount < 0,
    );
    expect(mortgagePayment?.kind).toBe('bill');
    expect(plan.summary.left_after_bills).toBe(
      plan.summary.income - plan.summary.bills - plan.summary.subscriptions,
    );
  });
});
