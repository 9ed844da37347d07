// `npm run money -- <command> [file]`: the money engine on the command line. Reads JSON
// from the file, or from stdin without one, and writes JSON to stdout. docs/money-cli.md documents
// every input and output shape.
//
//   recurring  Plaid-shaped transactions → recurring streams
//   plan       Plaid-shaped transactions → recurring streams → planned items (today + 730 days)
//   classify   Plaid-shaped transactions → direction, normalized amount, category
//   forecast   balance, planned items (or transactions to plan from), start date, days → daily rows
//
// `--help` (or -h) prints the usage; an unknown option or command prints it too and exits 2.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { classifyTransaction, type AccountType } from '../domain/classification.ts';
import { estimateAllowance, type Allowance } from '../domain/money/allowance.ts';
import { fromDollars } from '../domain/money/cents.ts';
import { parseDay } from '../domain/money/dates.ts';
import { forecastAccount, lowestPoint } from '../domain/money/forecast.ts';
import { generatePlan, PLAN_HORIZON_DAYS } from '../domain/money/plan.ts';
import { detectRecurring, type HistoryTransaction } from '../domain/money/recurring.ts';

const ACCOUNT_TYPES = ['depository', 'credit', 'loan', 'investment', 'other'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-22')
  .refine((v) => {
    try {
      parseDay(v);
      return true;
    } catch {
      return false;
    }
  }, 'must be a real calendar date');

/** A transaction as Plaid sends it (/transactions/sync added, /transactions/get): dollars, Plaid's sign. */
const plaidTransaction = z.object({
  transaction_id: z.string().min(1),
  account_id: z.string().min(1),
  date: day,
  amount: z.number().finite(),
  name: z.string().default(''),
  merchant_name: z.string().nullable().optional(),
  pending: z.boolean().optional(),
  personal_finance_category: z
    .object({ primary: z.string().nullable().optional(), detailed: z.string().nullable().optional() })
    .nullable()
    .optional(),
  category: z.array(z.string()).nullable().optional(),
});
type PlaidTransaction = z.infer<typeof plaidTransaction>;

/** An array, or Plaid's response objects: `transactions` (/transactions/get), `added` + `modified` (/sync). */
const transactionsInput = z.union([
  z.array(plaidTransaction),
  z.object({
    today: day.optional(),
    accounts: z.array(z.object({ account_id: z.string(), type: z.string() })).optional(),
    transactions: z.array(plaidTransaction).optional(),
    added: z.array(plaidTransaction).optional(),
    modified: z.array(plaidTransaction).optional(),
  }),
]);

const plannedInput = z.object({
  id: z.string().optional(),
  account_id: z.string().nullable().optional(),
  due_date: day,
  amount: z.number().int('must be integer cents (cash flow: positive = money in)'),
  description: z.string().optional(),
  is_reconciled: z.boolean().optional(),
  is_user_deleted: z.boolean().optional(),
});

const forecastInput = z.object({
  /** Today's balance in cents, in the account's convention (owed for credit and loans). */
  balance: z.number().int('must be integer cents'),
  account_type: z.enum(ACCOUNT_TYPES).default('depository'),
  start_date: day,
  days: z.number().int().min(0).max(PLAN_HORIZON_DAYS).default(PLAN_HORIZON_DAYS),
  /** Planned items; without them, the plan is generated from `transactions` as `plan` does. */
  planned: z.array(plannedInput).optional(),
  /** Posted transactions (Plaid-shaped): today's count as actual; the history gives the allowance. */
  transactions: z.array(plaidTransaction).default([]),
  /** An allowance to use as is (cash flow per weekday, Sunday first, cents ≤ 0). */
  allowance: z
    .object({ per_weekday: z.array(z.number().int().max(0)).length(7) })
    .nullable()
    .optional(),
  include_allowance: z.boolean().default(true),
});

export class CliInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliInputError';
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `${i.path.map(String).join('.') || 'input'} ${i.message}`);
  throw new CliInputError(`Invalid input: ${issues.join('; ')}`);
}

function toHistory(t: PlaidTransaction): HistoryTransaction {
  const pfc = t.personal_finance_category;
  return {
    id: t.transaction_id,
    account_id: t.account_id,
    date: t.date,
    amount: fromDollars(t.amount),
    name: t.name,
    merchant_name: t.merchant_name ?? null,
    personal_finance_category:
      pfc?.primary || pfc?.detailed ? { primary: pfc.primary ?? '', detailed: pfc.detailed ?? '' } : null,
    pending: t.pending ?? false,
  };
}

function transactionsOf(input: z.infer<typeof transactionsInput>) {
  if (Array.isArray(input)) return { transactions: input, today: undefined, accounts: undefined };
  const byId = new Map<string, PlaidTransaction>();
  for (const t of [...(input.transactions ?? []), ...(input.added ?? []), ...(input.modified ?? [])])
    byId.set(t.transaction_id, t);
  return { transactions: [...byId.values()], today: input.today, accounts: input.accounts };
}

function accountTypesOf(accounts: ReadonlyArray<{ account_id: string; type: string }> | undefined) {
  const types: Record<string, AccountType> = {};
  for (const a of accounts ?? [])
    if ((ACCOUNT_TYPES as readonly string[]).includes(a.type)) types[a.account_id] = a.type as AccountType;
  return types;
}

/** The server's "Generate my plan" on a history: its streams and the items planned from them. */
function planFrom(
  history: readonly HistoryTransaction[],
  today: string,
  accountTypes: Readonly<Record<string, AccountType>>,
) {
  const streams = detectRecurring(history, { today, account_types: accountTypes });
  const items = generatePlan({ profile_id: 'cli', streams, today });
  return { streams, items };
}

export interface CommandOptions {
  /** recurring: today's date (default: the real date, UTC). */
  today?: string | undefined;
  /** classify: the account type when the input names none for an account. */
  accountType?: string | undefined;
}

export function runMoneyCommand(command: string, input: unknown, options: CommandOptions = {}): unknown {
  switch (command) {
    case 'recurring': {
      const { transactions, today: inputToday } = transactionsOf(parse(transactionsInput, input));
      const today = parse(day, options.today ?? inputToday ?? new Date().toISOString().slice(0, 10));
      const streams = detectRecurring(transactions.map(toHistory), { today });
      return { today, transactions: transactions.length, streams };
    }
    case 'classify': {
      const { transactions, accounts } = transactionsOf(parse(transactionsInput, input));
      const fallback = options.accountType ? parse(z.enum(ACCOUNT_TYPES), options.accountType) : null;
      const typeOf = new Map((accounts ?? []).map((a) => [a.account_id, a.type]));
      return {
        transactions: transactions.map((t) => {
          const named = typeOf.get(t.account_id);
          const type = (ACCOUNT_TYPES as readonly string[]).includes(named ?? '')
            ? (named as AccountType)
            : fallback;
          const amount = fromDollars(t.amount);
          const c = classifyTransaction({ ...toHistory(t), amount, category: t.category ?? null }, type);
          return {
            transaction_id: t.transaction_id,
            account_id: t.account_id,
            account_type: type,
            date: t.date,
            name: t.name,
            amount_cents: amount,
            direction: c.direction,
            normalized_amount: c.normalizedAmount,
            display_amount: c.displayAmount,
            colour: c.colour,
            category: c.category,
            category_source: c.categorySource,
            rule: c.rule,
          };
        }),
      };
    }
    case 'plan': {
      const { transactions, today: inputToday, accounts } = transactionsOf(parse(transactionsInput, input));
      const today = parse(day, options.today ?? inputToday ?? new Date().toISOString().slice(0, 10));
      const { streams, items } = planFrom(transactions.map(toHistory), today, accountTypesOf(accounts));
      return { today, transactions: transactions.length, streams, items };
    }
    case 'forecast': {
      const f = parse(forecastInput, input);
      const account = { account_id: 'account', account_type: f.account_type, current_balance: f.balance };
      const history = f.transactions.map((t) => ({ ...toHistory(t), account_id: 'account' }));
      // As the server does: with no planned items given, plan from the history, and leave the planned
      // streams' own transactions out of the everyday-spending allowance (they are in the plan).
      const generated = f.planned
        ? null
        : planFrom(history, f.start_date, { account: f.account_type as AccountType });
      const planned: Array<z.infer<typeof plannedInput>> =
        f.planned ??
        (generated?.items ?? []).map((item) => ({
          id: item.id,
          account_id: 'account',
          due_date: item.due_date,
          amount: item.amount,
          description: item.description,
        }));
      const streamTransactions = (generated?.streams ?? []).map((stream) => ({
        transaction_ids: [...stream.transaction_ids],
      }));
      const allowance: Allowance | null = f.allowance
        ? {
            per_weekday: f.allowance.per_weekday as unknown as Allowance['per_weekday'],
            daily_average: Math.round(f.allowance.per_weekday.reduce((a, b) => a + b, 0) / 7),
            from: null,
            to: null,
            days: 0,
            transactions_used: 0,
            daily_cap: 0,
            method: 'weekday-mean-of-capped-days',
            // Given, not measured: no history to measure its spread from, so no band.
            spread: [],
            note: null,
          }
        : history.length > 0
          ? estimateAllowance({ transactions: history, today: f.start_date, streams: streamTransactions })
          : null;
      const forecast = forecastAccount({
        account,
        planned: planned.map((p) => ({
          account_id: p.account_id === undefined || p.account_id === null ? null : 'account',
          due_date: p.due_date,
          amount: p.amount,
          is_reconciled: p.is_reconciled ?? false,
          is_user_deleted: p.is_user_deleted ?? false,
        })),
        transactions: history,
        allowance,
        today: f.start_date,
        days: f.days,
        include_allowance: f.include_allowance,
      });
      return {
        start_date: f.start_date,
        days: f.days,
        account_type: f.account_type,
        ...(generated
          ? { planned_from_transactions: { streams: generated.streams, items: planned.length } }
          : {}),
        includes_allowance: forecast.includes_allowance,
        allowance,
        lowest: lowestPoint(forecast.rows),
        rows: forecast.rows.map((row, i) => ({ ...row, allowance: forecast.allowance[i] ?? 0 })),
      };
    }
    default:
      throw new CliInputError(`Unknown command "${command}": use recurring, plan, classify or forecast`);
  }
}

function readInput(file: string | undefined): unknown {
  const text = readFileSync(file ?? 0, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliInputError(`Input is not JSON: ${(error as Error).message}`);
  }
}

export const USAGE = `usage: npm run money -- <command> [file.json] [options]

Reads JSON from the file (or stdin) and writes JSON to stdout; docs/money-cli.md has every shape.

commands:
  recurring   Plaid transactions → recurring streams
  plan        Plaid transactions → recurring streams → planned items for today + 730 days
  classify    Plaid transactions → direction, normalized amount, category
  forecast    a balance with planned items, or with transactions to plan from → daily balances

options:
  --today YYYY-MM-DD     the day to plan from (recurring, plan; default: today, UTC)
  --account-type TYPE    classify: depository, credit, loan, investment or other
  --compact              one-line JSON
  -h, --help             this text
`;

function main(): void {
  let parsed: ReturnType<
    typeof parseArgs<{
      allowPositionals: true;
      options: {
        today: { type: 'string' };
        'account-type': { type: 'string' };
        compact: { type: 'boolean'; default: false };
        help: { type: 'boolean'; short: 'h'; default: false };
      };
    }>
  >;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        today: { type: 'string' },
        'account-type': { type: 'string' },
        compact: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const [command, file] = positionals;
  if (!command) {
    process.stderr.write(USAGE);
    process.exitCode = 2;
    return;
  }
  if (!['recurring', 'plan', 'classify', 'forecast'].includes(command)) {
    process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  try {
    const output = runMoneyCommand(command, readInput(file), {
      today: values.today,
      accountType: values['account-type'],
    });
    process.stdout.write(`${JSON.stringify(output, null, values.compact ? 0 : 2)}\n`);
  } catch (error) {
    if (!(error instanceof CliInputError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
  }
}

// Run as a program (npm run money), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
