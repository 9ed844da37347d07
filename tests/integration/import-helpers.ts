// Helpers for the import and export suite: a file uploaded the way the app uploads it (a grant, then
// the form POST straight to the store), previews, confirmations and manual accounts.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ApiResponse, TestUser } from './helpers.ts';
import { profileApi } from './money-helpers.ts';

export const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);

interface Grant {
  upload_key: string;
  upload: { url: string; fields: Record<string, string> };
}

export async function upload(user: TestUser, profileId: string, name: string, bytes: Buffer | Uint8Array) {
  const granted = await profileApi<Grant>('POST', '/imports/uploads', {
    token: user.idToken,
    profileId,
    body: { file_name: name, size: bytes.length },
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  const form = new FormData();
  for (const [field, value] of Object.entries(granted.body.upload.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const stored = await fetch(granted.body.upload.url, { method: 'POST', body: form });
  expect(stored.status).toBe(204);
  return granted.body.upload_key;
}

export interface Preview {
  format: string;
  encoding: string;
  columns: string[] | null;
  mapping: Record<string, unknown> | null;
  counts: { new: number; duplicate: number; skipped: number };
  already_imported: { import_id: string } | null;
  rows: Array<{
    line: number;
    date: string;
    amount: number;
    payee: string;
    status: string;
    reason: string | null;
  }>;
}

export interface Committed {
  import_id: string;
  counts: { new: number; duplicate: number; skipped: number };
}

export interface Issue {
  field: string;
  message: string;
}

/** Uploads `name` and asks for its preview into the account. */
export async function previewFile(
  user: TestUser,
  profileId: string,
  accountId: string,
  name: string,
  bytes: Buffer | Uint8Array = fixture(name),
  mapping?: Record<string, unknown>,
) {
  const key = await upload(user, profileId, name, bytes);
  const preview = await profileApi<Preview & { issues?: Issue[] }>('POST', '/imports/preview', {
    token: user.idToken,
    profileId,
    body: { account_id: accountId, upload_key: key, ...(mapping ? { mapping } : {}) },
  });
  return { key, preview };
}

/** Uploads, previews and confirms `name` into the account. */
export async function importFile(
  user: TestUser,
  profileId: string,
  accountId: string,
  name: string,
  bytes: Buffer | Uint8Array = fixture(name),
  mapping?: Record<string, unknown>,
): Promise<{ preview: ApiResponse<Preview>; committed: ApiResponse<Committed> }> {
  const { key, preview } = await previewFile(user, profileId, accountId, name, bytes, mapping);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const committed = await profileApi<Committed>('POST', '/imports', {
    token: user.idToken,
    profileId,
    body: { account_id: accountId, upload_key: key, file_name: name, ...(mapping ? { mapping } : {}) },
  });
  expect(committed.status, JSON.stringify(committed.body)).toBe(201);
  return { preview, committed };
}

export interface AccountView {
  id: string;
  account_type: string;
  current_balance: number | null;
  is_manual: boolean;
  balance_as_of: string | null;
}

export async function manualAccount(
  user: TestUser,
  profileId: string,
  body: { account_name: string; kind: string; current_balance: number; balance_as_of?: string },
) {
  const created = await profileApi<AccountView>('POST', '/manual-accounts', {
    token: user.idToken,
    profileId,
    body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

export async function accountTransactions(user: TestUser, profileId: string, accountId: string) {
  const { body } = await profileApi<{
    transactions: Array<{ id: string; date: string; amount: number; name: string }>;
  }>('GET', `/transactions?accountId=${accountId}&limit=500`, { token: user.idToken, profileId });
  return body.transactions;
}
