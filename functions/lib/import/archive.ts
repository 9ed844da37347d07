// The whole-profile archive (docs/import-export.md "Archive schema"): one JSON document with the
// profile's accounts, transactions, Money Plan (series and planned items), categories and the caller's
// view settings. Restoring reads it back into an empty profile: every account comes back as a manual
// account (a bank link cannot travel in a file), with new ids, and every reference follows its record.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ConflictError } from '../../../domain/errors.ts';
import { requireProfileAccess } from '../access.ts';
import type { Data } from '../data/index.ts';
import { ACCOUNT_TYPES, MANUAL_ACCOUNT_KINDS } from '../data/entities/connected-account.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../http.ts';
import { activeAccounts, planItemsBetween, profileSeries } from '../money/store.ts';
import { importedRowId } from './dedupe.ts';
import { newImportId, readUpload, writeInBatches } from './service.ts';
import { decodeStatement } from './decode.ts';
import { ImportFileError } from './types.ts';
import { createHash } from 'node:crypto';

export const ARCHIVE_FORMAT = 'tallywise-archive';
export const ARCHIVE_SCHEMA_VERSION = 1;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
const cents = z.number().int('must be whole cents');
const category = z
  .object({ primary: z.string().optional(), detailed: z.string().optional() })
  .nullable()
  .optional();

const archiveAccount = z.object({
  id: z.string().min(1).max(128),
  account_name: z.string().min(1).max(200),
  official_name: z.string().nullable().optional(),
  institution_name: z.string().nullable().optional(),
  account_type: z.enum(ACCOUNT_TYPES),
  account_subtype: z.string().nullable().optional(),
  mask: z.string().nullable().optional(),
  is_manual: z.boolean(),
  manual_kind: z.enum(MANUAL_ACCOUNT_KINDS).nullable().optional(),
  current_balance: cents.nullable(),
  available_balance: cents.nullable().optional(),
  credit_limit: cents.nullable().optional(),
  balance_as_of: date.nullable().optional(),
  iso_currency_code: z.string().max(8).nullable().optional(),
});

const archiveTransaction = z.object({
  id: z.string().min(1).max(128),
  account_id: z.string().min(1).max(128),
  date,
  name: z.string().max(500),
  merchant_name: z.string().max(500).nullable().optional(),
  amount: cents,
  iso_currency_code: z.string().max(8).nullable().optional(),
  pending: z.boolean().optional(),
  personal_finance_category: category,
  category: z.array(z.string()).nullable().optional(),
});

const record = z.record(z.string(), z.unknown());

export const archiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  schema_version: z.literal(ARCHIVE_SCHEMA_VERSION),
  exported_at: z.string(),
  profile: z.object({ name: z.string() }),
  accounts: z.array(archiveAccount).max(500),
  transactions: z.array(archiveTransaction),
  plan: z.object({
    series: z.array(
      record.and(z.object({ series_id: z.string(), account_id: z.string().nullable().optional() })),
    ),
    items: z.array(
      record.and(
        z.object({
          id: z.string(),
          account_id: z.string().nullable().optional(),
          due_date: date,
          amount: cents,
          description: z.string(),
          reconciled_transaction_id: z.string().nullable().optional(),
        }),
      ),
    ),
  }),
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      group: z.string().nullable().optional(),
      color: z.string().nullable().optional(),
    }),
  ),
  settings: z
    .object({
      low_balance_threshold: z.number().nullable().optional(),
      include_allowance: z.boolean().nullable().optional(),
      view: z.string().nullable().optional(),
    })
    .nullable(),
});
export type Archive = z.infer<typeof archiveSchema>;

/** Keys, index fields and timestamps: the archive holds what a record says, not where it was kept. */
const STORAGE_FIELDS = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'profile_id',
  'user_id',
  'created_at',
  'updated_at',
  '__edb_e__',
  '__edb_v__',
]);
const withoutStorage = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k, v]) => !STORAGE_FIELDS.has(k) && v !== undefined));

export async function buildArchive(
  data: Data,
  caller: Caller,
  profileId: string,
  now: Date,
): Promise<Archive> {
  const access = await requireProfileAccess(data, caller, profileId, 'read');
  const accounts = await activeAccounts(data, profileId);
  const [transactions, series, items, { data: categories }, { data: settings }] = await Promise.all([
    Promise.all(
      accounts.map(async (a) => {
        const { data: rows } = await data.transactions.query
          .byAccountDate({ account_id: a.id })
          .go({ pages: 'all' });
        return rows;
      }),
    ).then((lists) => lists.flat()),
    profileSeries(data, profileId),
    planItemsBetween(data, profileId, '0000-01-01', '9999-12-31'),
    data.moneyPlanCategories.query.byProfile({ profile_id: profileId }).go({ pages: 'all' }),
    data.moneyViewSettings.get({ profile_id: profileId, user_id: caller.userId }).go(),
  ]);
  return {
    format: ARCHIVE_FORMAT,
    schema_version: ARCHIVE_SCHEMA_VERSION,
    exported_at: now.toISOString(),
    profile: { name: access.profile.name },
    accounts: accounts.map((a) => ({
      id: a.id,
      account_name: a.account_name,
      official_name: a.official_name ?? null,
      institution_name: a.institution_name ?? null,
      account_type: a.account_type,
      account_subtype: a.account_subtype ?? null,
      mask: a.mask ?? null,
      is_manual: a.is_manual ?? false,
      manual_kind: a.manual_kind ?? null,
      current_balance: a.current_balance ?? null,
      available_balance: a.available_balance ?? null,
      credit_limit: a.credit_limit ?? null,
      balance_as_of: a.balance_as_of ?? (a.last_balance_refresh ? a.last_balance_refresh.slice(0, 10) : null),
      iso_currency_code: a.iso_currency_code ?? 'USD',
    })),
    transactions: transactions.map((t) => ({
      id: t.id,
      account_id: t.account_id,
      date: t.date,
      name: t.name,
      merchant_name: t.merchant_name ?? null,
      amount: t.amount,
      iso_currency_code: t.iso_currency_code ?? 'USD',
      pending: t.pending ?? false,
      personal_finance_category: t.personal_finance_category ?? null,
      category: t.category ?? null,
    })),
    plan: {
      series: series.map(
        (s) => withoutStorage(s as Record<string, unknown>) as Archive['plan']['series'][number],
      ),
      items: items.map(
        (i) => withoutStorage(i as Record<string, unknown>) as Archive['plan']['items'][number],
      ),
    },
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      group: c.group ?? null,
      color: c.color ?? null,
    })),
    settings: settings
      ? {
          low_balance_threshold: settings.low_balance_threshold ?? null,
          include_allowance: settings.include_allowance ?? null,
          view: settings.view ?? null,
        }
      : null,
  };
}

/** The archive in a file, checked whole before anything is written; each problem names its path. */
export function readArchive(bytes: Uint8Array): Archive {
  const text = decodeStatement(bytes)?.text ?? '';
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const line = position ? text.slice(0, Number(position)).split('\n').length : 1;
    throw new ImportFileError([{ field: `line ${line}`, message: 'The archive is not valid JSON' }]);
  }
  const parsed = archiveSchema.safeParse(json);
  if (!parsed.success)
    throw new ImportFileError(
      parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'file', message: i.message })),
    );
  const ids = new Set(parsed.data.accounts.map((a) => a.id));
  const orphan = parsed.data.transactions.findIndex((t) => !ids.has(t.account_id));
  if (orphan >= 0)
    throw new ImportFileError([
      { field: `transactions.${orphan}.account_id`, message: 'names no account of the archive' },
    ]);
  return parsed.data;
}

/** A record its entity refuses (a missing or mistyped field), as an issue naming it; null when sound. */
function checkRecord(params: () => unknown, field: string): { field: string; message: string } | null {
  try {
    params();
    return null;
  } catch (error) {
    return {
      field,
      message: (error instanceof Error ? error.message : String(error)).split(' - For more')[0] ?? '',
    };
  }
}

const kindOf = (a: Archive['accounts'][number]) =>
  a.manual_kind ??
  (
    {
      depository: 'bank',
      credit: 'credit_card',
      loan: 'loan',
      investment: 'investment',
      other: 'other',
    } as const
  )[a.account_type];

export async function restoreArchive(
  deps: Pick<Deps, 'clock' | 'events' | 'statementFiles'>,
  data: Data,
  caller: Caller,
  profileId: string,
  uploadKey: string,
  fileName: string,
) {
  await requireProfileAccess(data, caller, profileId, 'manage');
  const bytes = await readUpload(deps, profileId, uploadKey);
  const archive = readArchive(bytes);
  const [accountsHeld, itemsHeld] = await Promise.all([
    activeAccounts(data, profileId),
    planItemsBetween(data, profileId, '0000-01-01', '9999-12-31'),
  ]);
  if (accountsHeld.length > 0 || itemsHeld.length > 0)
    throw new ConflictError(
      'An archive is restored into an empty financial profile: create a new profile and restore it there',
    );
  const now = deps.clock().toISOString();
  const accountIds = new Map(archive.accounts.map((a) => [a.id, randomUUID()]));
  const transactionIds = new Map(
    archive.transactions.map((t) => [
      t.id,
      importedRowId(accountIds.get(t.account_id) ?? '', `archive:${t.id}`),
    ]),
  );
  const itemIds = new Map(archive.plan.items.map((i) => [i.id, randomUUID()]));
  const mapAccount = (id: string | null | undefined) => (id ? accountIds.get(id) : undefined);
  const importId = newImportId(deps.clock());
  // The plan's records as they will be stored, each checked by its entity before anything is written: a
  // hand-edited archive is refused whole (naming the record), never half restored.
  const seriesRecords = archive.plan.series.map((s) => {
    const account = mapAccount(s.account_id);
    const { account_id: _omit, ...rest } = s;
    return { ...rest, profile_id: profileId, ...(account ? { account_id: account } : {}) } as never;
  });
  const itemRecords = archive.plan.items.map((i) => {
    const { account_id: _a, reconciled_transaction_id: reconciled, id: _id, ...rest } = i;
    const account = mapAccount(i.account_id);
    const transaction = reconciled ? transactionIds.get(reconciled) : undefined;
    return {
      ...rest,
      id: itemIds.get(i.id) ?? randomUUID(),
      profile_id: profileId,
      user_id: caller.userId,
      ...(account ? { account_id: account } : {}),
      ...(transaction ? { reconciled_transaction_id: transaction } : {}),
    } as never;
  });
  const refused = [
    ...seriesRecords.map((r, i) =>
      checkRecord(() => data.moneyPlanSeries.put(r).params(), `plan.series.${i}`),
    ),
    ...itemRecords.map((r, i) =>
      checkRecord(() => data.moneyPlanTransactions.put(r).params(), `plan.items.${i}`),
    ),
  ].filter((issue) => issue !== null);
  if (refused.length > 0) throw new ImportFileError(refused);

  for (const a of archive.accounts) {
    const id = accountIds.get(a.id) ?? randomUUID();
    await data.connectedAccounts
      .create({
        id,
        user_id: caller.userId,
        profile_id: profileId,
        item_id: `manual:${id}`,
        plaid_account_id: `manual:${id}`,
        account_name: a.account_name,
        ...(a.official_name ? { official_name: a.official_name } : {}),
        ...(a.institution_name ? { institution_name: a.institution_name } : {}),
        account_type: a.account_type,
        ...(a.account_subtype ? { account_subtype: a.account_subtype } : {}),
        ...(a.mask ? { mask: a.mask } : {}),
        is_manual: true,
        manual_kind: kindOf(a),
        ...(a.current_balance !== null ? { current_balance: a.current_balance } : {}),
        ...(a.available_balance != null ? { available_balance: a.available_balance } : {}),
        ...(a.credit_limit != null ? { credit_limit: a.credit_limit } : {}),
        balance_as_of: a.balance_as_of ?? now.slice(0, 10),
        last_balance_refresh: now,
        iso_currency_code: a.iso_currency_code ?? 'USD',
        historical_sync_status: 'completed',
        historical_sync_completed_at: now,
      })
      .go();
  }
  await writeInBatches(
    archive.transactions.map((t) => ({
      id: transactionIds.get(t.id) ?? '',
      user_id: caller.userId,
      profile_id: profileId,
      account_id: accountIds.get(t.account_id) ?? '',
      date: t.date,
      name: t.name,
      ...(t.merchant_name ? { merchant_name: t.merchant_name } : {}),
      amount: t.amount,
      iso_currency_code: t.iso_currency_code ?? 'USD',
      pending: t.pending ?? false,
      ...(t.personal_finance_category ? { personal_finance_category: t.personal_finance_category } : {}),
      ...(t.category ? { category: t.category } : {}),
      import_id: importId,
    })),
    (items) => data.transactions.put(items).go({ concurrent: 4 }),
  );
  for (const c of archive.categories)
    await data.moneyPlanCategories
      .put({
        id: c.id,
        profile_id: profileId,
        name: c.name,
        ...(c.group ? { group: c.group } : {}),
        ...(c.color ? { color: c.color } : {}),
        created_by: caller.userId,
      })
      .go();
  await writeInBatches(seriesRecords, (items) => data.moneyPlanSeries.put(items).go({ concurrent: 4 }));
  await writeInBatches(itemRecords, (items) => data.moneyPlanTransactions.put(items).go({ concurrent: 4 }));
  if (archive.settings)
    await data.moneyViewSettings
      .put({
        profile_id: profileId,
        user_id: caller.userId,
        ...(archive.settings.low_balance_threshold != null
          ? { low_balance_threshold: archive.settings.low_balance_threshold }
          : {}),
        ...(archive.settings.include_allowance != null
          ? { include_allowance: archive.settings.include_allowance }
          : {}),
        ...(archive.settings.view
          ? { view: accountIds.get(archive.settings.view) ?? archive.settings.view }
          : {}),
      })
      .go();
  await data.statementImports
    .create({
      profile_id: profileId,
      import_id: importId,
      user_id: caller.userId,
      file_name: fileName,
      format: 'archive',
      file_sha256: createHash('sha256').update(bytes).digest('hex'),
      status: 'imported',
      added: archive.transactions.length,
      duplicates: 0,
      skipped: 0,
    })
    .go();
  await deps.statementFiles.remove(uploadKey);
  await deps.events.publish('TransactionsChanged', {
    userId: caller.userId,
    profileId,
    accountIds: [...accountIds.values()],
    added: archive.transactions.length,
    modified: 0,
    removed: 0,
  });
  return {
    import_id: importId,
    accounts: archive.accounts.length,
    transactions: archive.transactions.length,
    plan_items: archive.plan.items.length,
    series: archive.plan.series.length,
    categories: archive.categories.length,
  };
}
