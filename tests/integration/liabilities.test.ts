// Card and loan payments from the bank's statements, through the gateway against
// DynamoDB Local and the Plaid sandbox: sync keeps /liabilities/get on the card and loan accounts, and
// "Generate my plan" plans the card's payment at the statement balance (or this person's usual part of
// it) on the statement's due date, and the loans' payments at the scheduled amount with interest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directData } from './helpers.ts';
import { forecastSettled, generatePlan, linkedUser, profileApi } from './money-helpers.ts';
import { accessTokenOf, sandbox } from './plaid-helpers.ts';

interface Item {
  id: string;
  account_id: string | null;
  due_date: string;
  amount: number;
  description: string;
}

let ctx: Awaited<ReturnType<typeof linkedUser>>;
beforeAll(async () => {
  ctx = await linkedUser('ins_109508');
});
afterAll(async () => {
  await forecastSettled(ctx.profileId);
});

const call = async <T>(method: string, path: string, body?: unknown) =>
  profileApi<T>(method, path, {
    token: ctx.user.idToken,
    profileId: ctx.profileId,
    ...(body ? { body } : {}),
  });

describe('statements kept by sync', () => {
  it('stores the card statement and both loans’ terms, in cents, on the accounts', async () => {
    const { data: stored } = await directData()
      .connectedAccounts.query.byProfile({ profile_id: ctx.profileId })
      .go({ pages: 'all' });
    const card = stored.find((a) => a.account_type === 'credit');
    const loans = stored.filter((a) => a.account_type === 'loan');
    expect(card?.liability).toMatchObject({ kind: 'credit' });
    expect(card?.liability?.statement_balance).toEqual(expect.any(Number));
    expect(card?.liability?.next_payment_due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(loans.map((l) => l.liability?.kind).sort()).toEqual(['mortgage', 'student']);
    for (const loan of loans) {
      expect(loan.liability?.interest_rate).toBeGreaterThan(0);
      expect(Number.isInteger(loan.liability?.next_payment_amount)).toBe(true);
    }
    // Depository accounts have none.
    expect(stored.filter((a) => a.account_type === 'depository').every((a) => !a.liability)).toBe(true);

    // The stored figures are the bank's: the same as /liabilities/get answers now.
    const item = stored[0]?.item_id as string;
    const token = await accessTokenOf(item);
    const { liabilities } = await sandbox<{ liabilities: { credit: Array<Record<string, unknown>> } }>(
      '/liabilities/get',
      { access_token: token },
    );
    const bankCard = liabilities.credit[0] as {
      last_statement_balance: number;
      next_payment_due_date: string;
    };
    expect(card?.liability?.statement_balance).toBe(Math.round(bankCard.last_statement_balance * 100));
    expect(card?.liability?.next_payment_due_date).toBe(bankCard.next_payment_due_date);
  });
});

describe('the plan from the statements', () => {
  it("plans the card's payment on the statement's due date, both sides, at the statement balance or this person's part of it", async () => {
    const generated = await generatePlan({ token: ctx.user.idToken, profileId: ctx.profileId });
    expect(generated.status).toBe(200);
    const { data: stored } = await directData()
      .connectedAccounts.query.byProfile({ profile_id: ctx.profileId })
      .go({ pages: 'all' });
    const card = stored.find((a) => a.account_type === 'credit');
    const checking = stored.find((a) => a.account_subtype === 'checking');
    const statement = card?.liability;
    expect(statement?.next_payment_due_date).toBeDefined();
    const due = statement?.next_payment_due_date as string;
    const { body } = await call<{ items: Item[] }>('GET', `/money-plan/items?from=${due}&to=${due}`);
    const cardSide = body.items.find((i) => i.account_id === card?.id && i.amount > 0);
    const cashSide = body.items.find(
      (i) => i.account_id === checking?.id && i.amount === -(cardSide?.amount ?? 0),
    );
    const alreadyPaid = (statement?.last_payment_date ?? '') > (statement?.statement_date ?? '');
    if (alreadyPaid) {
      // Paid for this statement already: nothing more is planned on its due date.
      expect(cardSide).toBeUndefined();
      return;
    }
    expect(cardSide).toBeDefined();
    expect(cashSide).toBeDefined();
    // Never more than the statement; at least the minimum.
    expect(cardSide?.amount).toBeLessThanOrEqual(statement?.statement_balance ?? 0);
    expect(cardSide?.amount).toBeGreaterThanOrEqual(statement?.minimum_payment ?? 0);
  });

  it("holds a statement-paid card's likely range after about a billing cycle: later spending is paid by later statements", async () => {
    await generatePlan({ token: ctx.user.idToken, profileId: ctx.profileId });
    await forecastSettled(ctx.profileId);
    const { data: stored } = await directData()
      .connectedAccounts.query.byProfile({ profile_id: ctx.profileId })
      .go({ pages: 'all' });
    const card = stored.find((a) => a.account_type === 'credit');
    expect(card?.liability?.statement_date).toBeDefined();
    const { body } = await call<{ rows: Array<{ closing_low: number; closing_high: number }> }>(
      'GET',
      `/running-balances?accountId=${card?.id}&days=365&includeAllowance=true`,
    );
    const width = (day: number) =>
      (body.rows[day]?.closing_high ?? NaN) - (body.rows[day]?.closing_low ?? NaN);
    expect(width(10)).toBeGreaterThan(0);
    // A card paid as it is spent on, whose range kept widening, would be far wider in a year than in two months.
    expect(width(365)).toBeLessThanOrEqual(width(60) * 1.1);
  });

  it("plans each loan's scheduled payment on its due date, and the interest the rate accrues on the loan", async () => {
    const { data: stored } = await directData()
      .connectedAccounts.query.byProfile({ profile_id: ctx.profileId })
      .go({ pages: 'all' });
    for (const loan of stored.filter((a) => a.account_type === 'loan')) {
      const terms = loan.liability;
      const due = terms?.next_payment_due_date as string;
      const { body } = await call<{ items: Item[] }>('GET', `/money-plan/items?from=${due}&to=${due}`);
      const onLoan = body.items.filter((i) => i.account_id === loan.id);
      const payment = onLoan.find((i) => i.amount > 0);
      const interest = onLoan.find((i) => i.amount < 0);
      expect(payment?.amount).toBe(terms?.next_payment_amount);
      const expected = Math.round(((loan.current_balance ?? 0) * (terms?.interest_rate ?? 0)) / 100 / 12);
      expect(interest?.amount).toBe(-expected);
      // The cash side is the same payment from checking.
      expect(body.items.some((i) => i.account_id !== loan.id && i.amount === -(payment?.amount ?? 0))).toBe(
        true,
      );
    }
  });
});
