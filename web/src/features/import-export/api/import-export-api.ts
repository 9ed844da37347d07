// The calls of Export & import (docs/import-export.md): manual accounts, a statement's upload (a grant,
// then the form POST straight to the store), its preview and confirmation, the imports and their undo,
// the exports (answered as a file the browser saves) and an archive's restore.
import {
  DATE_FORMATS,
  MANUAL_ACCOUNT_KIND_LABELS,
  MANUAL_ACCOUNT_KINDS,
  type ManualAccountKind,
} from '@domain/import-formats.ts';
import { api } from '../../../lib/api-client.ts';

export const MANUAL_KINDS = MANUAL_ACCOUNT_KINDS.map((value) => ({
  value,
  label: MANUAL_ACCOUNT_KIND_LABELS[value],
}));
export type ManualKind = ManualAccountKind;

export interface ManualAccountInput {
  account_name: string;
  kind: ManualKind;
  current_balance: number;
  balance_as_of: string;
}

export const createManualAccount = (profileId: string, body: ManualAccountInput) =>
  api.post<{ id: string; account_name: string }>('/manual-accounts', body, { profileId });

export interface CsvMapping {
  has_header: boolean;
  date_column: number;
  date_format: string;
  amount_column?: number | undefined;
  debit_column?: number | undefined;
  credit_column?: number | undefined;
  payee_column: number;
  memo_column?: number | undefined;
  category_column?: number | undefined;
  decimal_separator: '.' | ',';
  amount_sign: 'negative_is_money_out' | 'positive_is_money_out';
}

export { DATE_FORMATS };

export interface PreviewRow {
  line: number;
  date: string;
  amount: number;
  payee: string;
  status: 'new' | 'duplicate' | 'skipped';
  reason: string | null;
}

export interface Preview {
  format: 'ofx' | 'qif' | 'csv';
  encoding: string;
  columns: string[] | null;
  mapping: CsvMapping | null;
  date_format_ambiguous: boolean;
  sample: string[][] | null;
  counts: { new: number; duplicate: number; skipped: number };
  already_imported: { import_id: string; imported_at: string } | null;
  rows: PreviewRow[];
}

interface Grant {
  upload_key: string;
  upload: { url: string; fields: Record<string, string> };
}

/** Uploads the file where the function will read it; answers its key. */
export async function uploadFile(profileId: string, file: File): Promise<string> {
  const grant = await api.post<Grant>(
    '/imports/uploads',
    { file_name: file.name, size: file.size },
    { profileId },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.upload.fields)) form.append(name, value);
  form.append('file', file);
  const stored = await fetch(grant.upload.url, { method: 'POST', body: form });
  if (!stored.ok) throw new Error('The file could not be uploaded. Please try again.');
  return grant.upload_key;
}

export interface StatementTarget {
  account_id: string;
  upload_key: string;
  mapping?: CsvMapping | undefined;
}

export const previewImport = (profileId: string, body: StatementTarget) =>
  api.post<Preview>('/imports/preview', body, { profileId, timeoutMs: 30_000 });

export const commitImport = (profileId: string, body: StatementTarget & { file_name: string }) =>
  api.post<{ import_id: string; counts: Preview['counts'] }>('/imports', body, {
    profileId,
    timeoutMs: 30_000,
  });

export interface ImportRecord {
  import_id: string;
  account_id: string | null;
  file_name: string;
  format: string;
  status: 'imported' | 'undone';
  added: number;
  duplicates: number;
  skipped: number;
  imported_at: string;
}

export const importsQueryKey = (profileId: string) => ['imports', profileId] as const;

export const listImports = (profileId: string) =>
  api.get<{ imports: ImportRecord[] }>('/imports', { profileId }).then((r) => r.imports);

export const undoImport = (profileId: string, importId: string) =>
  api.delete<{ removed: number }>(`/imports/${encodeURIComponent(importId)}`, { profileId });

export const restoreArchive = (profileId: string, uploadKey: string, fileName: string) =>
  api.post<{ accounts: number; transactions: number; plan_items: number }>(
    '/imports/archive',
    { upload_key: uploadKey, file_name: fileName },
    { profileId, timeoutMs: 30_000 },
  );

interface ExportFile {
  file_name: string;
  content_type: string;
  content: string;
  rows: number;
}

/** Asks for an export and saves it as a download; answers how many rows it held. */
export async function downloadExport(
  profileId: string,
  path: '/exports/transactions' | '/exports/money-plan' | '/exports/archive',
  query: Record<string, string | undefined> = {},
): Promise<number> {
  const file = await api.get<ExportFile>(path, { profileId, query, timeoutMs: 30_000 });
  const url = URL.createObjectURL(new Blob([file.content], { type: file.content_type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return file.rows;
}

export const updateManualBalance = (
  profileId: string,
  accountId: string,
  body: { current_balance: number; balance_as_of: string },
) => api.patch<{ id: string }>(`/manual-accounts/${encodeURIComponent(accountId)}`, body, { profileId });
