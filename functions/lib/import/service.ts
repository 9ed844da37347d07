// Statement import into one account (docs/import-export.md): the preview parses the uploaded file and
// says of every row whether it is new, a likely duplicate or skipped, writing nothing; the confirmation
// parses it again, writes the new rows with the import's record, removes the file, and sets off what a
// bank sync sets off (TransactionsChanged: reconciliation and the forecast; the plan job: detection).
// An undo deletes exactly the rows its import wrote.
import { createHash, randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { resolveCategory } from '../../../domain/classification.ts';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../../../domain/errors.ts';
import { requireProfileAccess, requireRecordAccess } from '../access.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../http.ts';
import { startJob } from '../jobs.ts';
import { todayOf } from '../money/store.ts';
import { chooseMapping, readCsv, type CsvMapping } from './csv.ts';
import { addDays } from './dates.ts';
import { reviewRows, type ReviewedRow } from './dedupe.ts';
import { IMPORTS_PREFIX } from './file-store.ts';
import { parseOfx } from './ofx.ts';
import { parseQif } from './qif.ts';
import { detectFile, UNKNOWN_FORMAT, type DetectedFile } from './statement.ts';
import { ImportFileError, type ParsedStatement } from './types.ts';

/** A statement or an archive larger than this is refused (413) before and after its upload. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;
/** Rows one import may hold: its record lists their ids for the undo, inside DynamoDB's item size. */
export const MAX_IMPORT_ROWS = 5_000;

type ImportDeps = Pick<Deps, 'clock' | 'events' | 'queue' | 'statementFiles' | 'logger'>;
type StoredAccount = EntityItem<Data['connectedAccounts']>;

export const tooLarge = () =>
  new PayloadTooLargeError(`The file is too large: at most ${IMPORT_MAX_MB} MB can be imported at once`);

export const uploadKeyFor = (profileId: string) => `${IMPORTS_PREFIX}${profileId}/${randomUUID()}`;

/** The uploaded file's bytes: only a key under the caller's profile's own prefix is read. */
export async function readUpload(deps: Pick<Deps, 'statementFiles'>, profileId: string, key: string) {
  if (!key.startsWith(`${IMPORTS_PREFIX}${profileId}/`) || key.includes('..'))
    throw new ValidationError([
      { field: 'upload_key', message: 'is not an upload of this financial profile' },
    ]);
  const bytes = await deps.statementFiles.read(key);
  if (!bytes) throw new NotFoundError('The uploaded file was not found: upload it again');
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  return bytes;
}

export async function importableAccount(data: Data, caller: Caller, profileId: string, accountId: string) {
  const { data: account } = await data.connectedAccounts.get({ id: accountId }).go();
  if (!account || !account.is_active || account.profile_id !== profileId)
    throw new NotFoundError('Account not found');
  await requireRecordAccess(data, caller, account.profile_id, 'edit', 'Account not found');
  return account;
}

export interface PreviewInput {
  profileId: string;
  accountId: string;
  uploadKey: string;
  mapping?: CsvMapping | undefined;
}

interface Prepared {
  account: StoredAccount;
  detected: DetectedFile;
  statement: ParsedStatement;
  rows: ReviewedRow[];
  sha256: string;
  csv: { columns: string[]; mapping: CsvMapping; date_format_ambiguous: boolean; sample: string[][] } | null;
  alreadyImported: EntityItem<Data['statementImports']> | null;
}

async function prepare(deps: ImportDeps, data: Data, caller: Caller, input: PreviewInput): Promise<Prepared> {
  const [account, bytes] = await Promise.all([
    importableAccount(data, caller, input.profileId, input.accountId),
    readUpload(deps, input.profileId, input.uploadKey),
  ]);
  const detected = detectFile(bytes);
  let csv: Prepared['csv'] = null;
  let statement: ParsedStatement;
  if (detected.kind === 'ofx') statement = parseOfx(detected.text);
  else if (detected.kind === 'qif') statement = parseQif(detected.text);
  else if (detected.kind === 'csv') {
    const chosen = chooseMapping(detected.table, input.mapping, account.import_mapping);
    statement = readCsv(detected.table, chosen.mapping, chosen.columns);
    csv = {
      columns: chosen.columns,
      mapping: chosen.mapping,
      date_format_ambiguous: chosen.date_format_ambiguous,
      sample: detected.table.records.slice(0, 6).map((r) => r.cells),
    };
  } else
    throw new ImportFileError([
      {
        field: 'file',
        message: 'This is a Tallywise archive: import it from Export & import as a whole profile',
      },
    ]);
  if (statement.rows.length === 0)
    throw new ImportFileError([{ field: 'file', message: 'The file holds no transactions' }]);
  if (statement.rows.length > MAX_IMPORT_ROWS)
    throw new ImportFileError([
      {
        field: 'file',
        message: `The file holds ${statement.rows.length} transactions: at most ${MAX_IMPORT_ROWS} at once`,
      },
    ]);
  const dates = statement.rows.map((r) => r.date).sort();
  const from = addDays(dates[0] ?? '0000-01-01', -7);
  const to = addDays(dates[dates.length - 1] ?? '9999-12-31', 7);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [{ data: held }, { data: imports }] = await Promise.all([
    data.transactions.query
      .byAccountDate({ account_id: account.id })
      .between({ date: from }, { date: `${to}~` })
      .go({
        pages: 'all',
        attributes: ['id', 'date', 'amount', 'name', 'merchant_name', 'plaid_transaction_id'],
      }),
    data.statementImports.query.byProfile({ profile_id: input.profileId }).go({ pages: 'all' }),
  ]);
  const rows = reviewRows(account.id, statement.rows, held, todayOf(deps.clock));
  const alreadyImported =
    imports.find((i) => i.account_id === account.id && i.file_sha256 === sha256 && i.status === 'imported') ??
    null;
  return { account, detected, statement, rows, sha256, csv, alreadyImported };
}

const counts = (rows: ReviewedRow[]) => ({
  new: rows.filter((r) => r.status === 'new').length,
  duplicate: rows.filter((r) => r.status === 'duplicate').length,
  skipped: rows.filter((r) => r.status === 'skipped').length,
});

export async function previewImport(deps: ImportDeps, data: Data, caller: Caller, input: PreviewInput) {
  const p = await prepare(deps, data, caller, input);
  return {
    format: p.detected.kind,
    encoding: p.detected.encoding,
    account_id: p.account.id,
    columns: p.csv?.columns ?? null,
    mapping: p.csv?.mapping ?? null,
    date_format_ambiguous: p.csv?.date_format_ambiguous ?? false,
    sample: p.csv?.sample ?? null,
    counts: counts(p.rows),
    already_imported: p.alreadyImported
      ? { import_id: p.alreadyImported.import_id, imported_at: p.alreadyImported.created_at }
      : null,
    rows: p.rows.map((r) => ({
      line: r.line,
      date: r.date,
      amount: r.amount,
      payee: r.payee,
      status: r.status,
      reason: r.reason,
    })),
  };
}

/** A new row as a transactions item, with the category the taxonomy gives it (as a synced one gets). */
function transactionOf(account: StoredAccount, importId: string, row: ReviewedRow) {
  const base = {
    id: row.id,
    user_id: account.user_id,
    profile_id: account.profile_id,
    account_id: account.id,
    date: row.date,
    name: row.payee.slice(0, 200),
    amount: row.amount,
    iso_currency_code: account.iso_currency_code ?? 'USD',
    pending: false,
    import_id: importId,
    ...(row.category ? { category: [row.category.slice(0, 100)] } : {}),
  };
  const resolved = resolveCategory(base);
  // The default ('Other') is left unstored: the direction then follows the money, as for any bare row.
  return resolved.source === 'default'
    ? base
    : {
        ...base,
        personal_finance_category: {
          primary: resolved.entry.plaidPrimary,
          detailed: resolved.entry.plaidDetailed,
        },
      };
}

/** Batch writes (25 a request) that retry what DynamoDB leaves unprocessed, or throw. */
export async function writeInBatches<T>(
  items: T[],
  write: (batch: T[]) => Promise<{ unprocessed: unknown[] }>,
) {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 5) throw new Error(`${pending.length} rows left unprocessed`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    pending = (await write(pending)).unprocessed as T[];
  }
}

/** After rows came or went: what a sync's change sets off, and the plan job for detection. */
export async function announceChange(
  deps: ImportDeps,
  data: Data,
  caller: Caller,
  account: Pick<StoredAccount, 'user_id' | 'profile_id' | 'id'>,
  change: { added: number; removed: number },
) {
  if (change.added + change.removed === 0) return null;
  await deps.events.publish('TransactionsChanged', {
    userId: account.user_id,
    profileId: account.profile_id,
    accountIds: [account.id],
    added: change.added,
    modified: 0,
    removed: change.removed,
  });
  return startJob(deps, data, { kind: 'plan', profileId: account.profile_id, userId: caller.userId });
}

export const newImportId = (now: Date) =>
  `${now.toISOString().replace(/[-:.TZ]/g, '')}-${randomUUID().slice(0, 8)}`;

export async function commitImport(
  deps: ImportDeps,
  data: Data,
  caller: Caller,
  input: PreviewInput & { fileName: string },
) {
  const p = await prepare(deps, data, caller, input);
  const fresh = p.rows.filter((r) => r.status === 'new');
  const importId = newImportId(deps.clock());
  const tally = counts(p.rows);
  // The record first, listing the rows about to be written: an interrupted import can still be undone.
  await data.statementImports
    .create({
      profile_id: input.profileId,
      import_id: importId,
      account_id: p.account.id,
      user_id: caller.userId,
      file_name: input.fileName,
      format: p.detected.kind === 'csv' ? 'csv' : p.detected.kind === 'qif' ? 'qif' : 'ofx',
      file_sha256: p.sha256,
      status: 'imported',
      added: tally.new,
      duplicates: tally.duplicate,
      skipped: tally.skipped,
      transaction_ids: fresh.map((r) => r.id),
    })
    .go();
  await writeInBatches(
    fresh.map((r) => transactionOf(p.account, importId, r)),
    (items) => data.transactions.put(items).go({ concurrent: 4 }),
  );
  const accountPatch: Record<string, unknown> = {};
  if (p.csv) accountPatch.import_mapping = JSON.stringify(p.csv.mapping);
  // A manual account takes a statement's closing balance when it is newer than the one it has.
  const closing = p.statement.closingBalance;
  if (p.account.is_manual && closing && closing.date >= (p.account.balance_as_of ?? '')) {
    const owed = p.account.account_type === 'credit' || p.account.account_type === 'loan';
    accountPatch.current_balance = owed ? -closing.amount || 0 : closing.amount;
    accountPatch.balance_as_of = closing.date;
  }
  if (Object.keys(accountPatch).length > 0)
    await data.connectedAccounts.patch({ id: p.account.id }).set(accountPatch).go();
  await deps.statementFiles.remove(input.uploadKey);
  const job = await announceChange(deps, data, caller, p.account, { added: fresh.length, removed: 0 });
  deps.logger.info('statement imported', { importId, format: p.detected.kind, ...tally });
  return { import_id: importId, account_id: p.account.id, counts: tally, plan_job_id: job?.job_id ?? null };
}

export async function listImports(data: Data, caller: Caller, profileId: string, accountId?: string) {
  await requireProfileAccess(data, caller, profileId, 'read');
  const { data: imports } = await data.statementImports.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  return imports
    .filter((i) => !accountId || i.account_id === accountId)
    .reverse()
    .map((i) => ({
      import_id: i.import_id,
      account_id: i.account_id ?? null,
      file_name: i.file_name,
      format: i.format,
      status: i.status,
      added: i.added,
      duplicates: i.duplicates,
      skipped: i.skipped,
      imported_at: i.created_at,
      undone_at: i.undone_at ?? null,
    }));
}

export async function undoImport(
  deps: ImportDeps,
  data: Data,
  caller: Caller,
  profileId: string,
  importId: string,
) {
  await requireProfileAccess(data, caller, profileId, 'edit');
  const { data: record } = await data.statementImports
    .get({ profile_id: profileId, import_id: importId })
    .go();
  if (!record || record.status === 'undone' || !record.account_id)
    throw new NotFoundError('Import not found');
  const ids = record.transaction_ids ?? [];
  await writeInBatches(
    ids.map((id) => ({ id })),
    (keys) => data.transactions.delete(keys).go({ concurrent: 4 }),
  );
  await data.statementImports
    .patch({ profile_id: profileId, import_id: importId })
    .set({ status: 'undone', undone_at: deps.clock().toISOString() })
    .go();
  const { data: account } = await data.connectedAccounts.get({ id: record.account_id }).go();
  if (account) await announceChange(deps, data, caller, account, { added: 0, removed: ids.length });
  return { import_id: importId, removed: ids.length };
}

export { UNKNOWN_FORMAT };
