// The money coach's tools: read-only questions over the money engine, each typed with zod, run on the
// server for the caller's active profile (the handler has checked their role), each answering figures
// the engine computed plus `as_of` and `warnings`. Both coaches (the offline one and Bedrock) call these
// and only these; every number an answer states must come from a tool's result (verify.ts). This module
// is the catalogue (names, descriptions for the model, inputs) and the one way to run a tool.
import type { z } from 'zod';
import { ValidationError } from '../../../domain/errors.ts';
import { getDebts, getDebtsInput } from './debt-tools.ts';
import {
  balanceForecastInput,
  canAfford,
  canAffordInput,
  getBalanceForecast,
  whatIfCancel,
  whatIfCancelInput,
} from './forecast-tools.ts';
import {
  cashFlow,
  cashFlowInput,
  explainDay,
  explainDayInput,
  searchTransactions,
  searchTransactionsInput,
  spendingByCategory,
  spendingByCategoryInput,
} from './history-tools.ts';
import {
  getAccounts,
  getAccountsInput,
  incomeSchedule,
  incomeScheduleInput,
  listSubscriptions,
  listSubscriptionsInput,
  proposePlannedItem,
  proposePlannedItemInput,
  upcomingBills,
  upcomingBillsInput,
} from './plan-tools.ts';
import type { ToolContext, ToolEnvelope } from './tool-context.ts';

export interface ToolSpec<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly input: S;
  readonly run: (tc: ToolContext, input: z.infer<S>) => Promise<ToolEnvelope & Record<string, unknown>>;
}

const spec = <S extends z.ZodType>(s: ToolSpec<S>): ToolSpec => s as unknown as ToolSpec;

/** Every tool, by name: the coaches' whole view of the person's money. */
export const COACH_TOOLS: readonly ToolSpec[] = [
  spec({
    name: 'get_balance_forecast',
    description:
      'Cash (or one account) balance forecast from today: today, the end, the lowest point, when it crosses a threshold, and the planned items (date, name, amount) within the horizon.',
    input: balanceForecastInput,
    run: getBalanceForecast,
  }),
  spec({
    name: 'can_afford',
    description:
      'Whether a purchase (once or monthly) fits: the lowest cash balance with and without it, and a verdict safe / tight / overdraft.',
    input: canAffordInput,
    run: canAfford,
  }),
  spec({
    name: 'what_if_cancel',
    description:
      "The calendar's what-if for stopping a recurring item (a subscription, a bill) by its plan name: the cash forecast without its planned charges beside the forecast as planned (end and lowest point), and what it saves over the horizon.",
    input: whatIfCancelInput,
    run: whatIfCancel,
  }),
  spec({
    name: 'get_debts',
    description:
      "Each credit card and loan: what is owed, the scheduled payment and rate from the statement data, the next payment and interest in the plan, and the day the forecast sees it paid off at that payment with no new charges (paid_off_on, null if past the two-year forecast). A loan's payment is scheduled_payment, not its balance.",
    input: getDebtsInput,
    run: (tc) => getDebts(tc),
  }),
  spec({
    name: 'upcoming_bills',
    description:
      'Bills due within N days (at most 60) with their total: cash going out only (no transfers, card payments, or interest accruing on a card or loan).',
    input: upcomingBillsInput,
    run: upcomingBills,
  }),
  spec({
    name: 'income_schedule',
    description: 'Planned income (pay, interest) in the coming days: the next payment and the total.',
    input: incomeScheduleInput,
    run: incomeSchedule,
  }),
  spec({
    name: 'list_subscriptions',
    description: 'Detected subscriptions with monthly cost and flags: price_rise, new, overdue.',
    input: listSubscriptionsInput,
    run: (tc) => listSubscriptions(tc),
  }),
  spec({
    name: 'get_accounts',
    description:
      "The profile's accounts with their current balances (held, or owed for cards and loans) and totals: cash, investments, owed, net worth. An account with manual: true is kept by hand (no bank connection): its balance is the one the person last entered.",
    input: getAccountsInput,
    run: (tc) => getAccounts(tc),
  }),
  spec({
    name: 'spending_by_category',
    description:
      "A month's spending by category, compared with the previous month, a year before, or the plan.",
    input: spendingByCategoryInput,
    run: spendingByCategory,
  }),
  spec({
    name: 'cash_flow',
    description:
      'What came in (income, no transfers), what was spent (net of refunds) and what was kept (came_in − spent) between two days: "how much did I save". Moving money to a savings account is a transfer, not saving.',
    input: cashFlowInput,
    run: cashFlow,
  }),
  spec({
    name: 'explain_day',
    description: 'What happened or is planned on a day, and the cash balance that day.',
    input: explainDayInput,
    run: explainDay,
  }),
  spec({
    name: 'propose_planned_item',
    description:
      'Drafts a planned item (once, weekly or monthly; negative amount = money out) for the person to add themselves. Writes nothing.',
    input: proposePlannedItemInput,
    run: proposePlannedItem,
  }),
  spec({
    name: 'search_transactions',
    description:
      'Posted transactions by text, category and dates, 20 a page, with totals computed on the server. `categories` matches the stored category: Plaid detailed codes (FOOD_AND_DRINK_GROCERIES) or display groups (Food & Drink); `spending_only` keeps purchases (money out, card payments excluded); `income_only` keeps income (no transfers); `by_month` adds each month\'s totals and the monthly averages; `by_week` the weekly average ("a week"); `texts` matches any of several payees.',
    input: searchTransactionsInput,
    run: searchTransactions,
  }),
];

export const toolByName = new Map(COACH_TOOLS.map((t) => [t.name, t]));

export interface ToolCall {
  readonly name: string;
  readonly input: unknown;
  readonly result: (ToolEnvelope & Record<string, unknown>) | null;
  /** A refusal the person can act on (bad input), never an internal error's text. */
  readonly error: string | null;
}

/** Runs a named tool on untrusted input (a model's or a parser's): validated, errors made safe. */
export async function runTool(tc: ToolContext, name: string, input: unknown): Promise<ToolCall> {
  const tool = toolByName.get(name);
  if (!tool) return { name, input, result: null, error: `There is no tool named ${name}.` };
  const parsed = tool.input.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      name,
      input,
      result: null,
      error: `${issue?.path.join('.') || 'input'} ${issue?.message ?? 'is invalid'}`,
    };
  }
  try {
    return { name, input: parsed.data, result: await tool.run(tc, parsed.data), error: null };
  } catch (error) {
    if (error instanceof ValidationError)
      return {
        name,
        input,
        result: null,
        error: error.issues.map((i) => `${i.field} ${i.message}`).join('; '),
      };
    tc.money.deps.logger.error('coach tool failed', { tool: name, error: (error as Error).message });
    return { name, input, result: null, error: 'That figure could not be worked out just now.' };
  }
}
