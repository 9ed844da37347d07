// One confirmed statement import (docs/import-export.md): which file went into which account, what it
// added, and the ids of the rows it wrote, so the import can be undone whole. Kept under the profile, so
// a profile's imports are one Query of its partition (no index); the id sorts by time.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export const IMPORT_FORMATS = ['ofx', 'qif', 'csv', 'archive'] as const;
export const IMPORT_STATUSES = ['imported', 'undone'] as const;

export function statementImportEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('statementImport'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        import_id: { type: 'string', required: true, readOnly: true },
        /** The account it went into; an archive import names none. */
        account_id: { type: 'string' },
        user_id: { type: 'string', required: true, readOnly: true },
        file_name: { type: 'string', required: true },
        format: { type: IMPORT_FORMATS, required: true },
        /** SHA-256 of the file's bytes: the same file again is recognised. */
        file_sha256: { type: 'string', required: true },
        status: { type: IMPORT_STATUSES, required: true },
        added: { type: 'number', required: true },
        duplicates: { type: 'number', required: true },
        skipped: { type: 'number', required: true },
        /** The rows it wrote (at most MAX_IMPORT_ROWS), deleted by an undo. */
        transaction_ids: { type: 'list', items: { type: 'string' } },
        undone_at: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byProfile: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['import_id'] },
        },
      },
    },
    { client, table },
  );
}
