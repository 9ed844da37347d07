// Statement import (docs/import-export.md): a grant to upload the file straight to the store (413 over
// the size cap), the preview (new / likely duplicate / skipped, nothing written), the confirmation, the
// list of imports and the undo of one; and a whole-profile archive restored into an empty profile.
// Owners and editors import into an account (the 'edit' permission); viewers are refused (403).
import { z } from 'zod';
import { ValidationError } from '../../domain/errors.ts';
import { profileIdFromRequest, requireProfileAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { restoreArchive } from '../lib/import/archive.ts';
import { csvMappingSchema } from '../lib/import/csv.ts';
import {
  commitImport,
  IMPORT_MAX_BYTES,
  listImports,
  previewImport,
  tooLarge,
  UNKNOWN_FORMAT,
  undoImport,
  uploadKeyFor,
} from '../lib/import/service.ts';
import { oneLine } from '../lib/text-input.ts';

/** Names a statement or an archive may have; the content decides the format in the end. */
const KNOWN_EXTENSIONS = /\.(ofx|qfx|qif|csv|txt|tsv|json)$/i;

const fileName = oneLine(z.string().trim().min(1, 'Please choose a file').max(200));
const uploadKey = z.string().min(1).max(300);
const statementInput = {
  account_id: z.string().min(1).max(128),
  upload_key: uploadKey,
  mapping: csvMappingSchema.optional(),
};

export const handler = httpHandler('import-statements', {
  'POST /imports/uploads': route({
    body: z.object({ file_name: fileName, size: z.number().int().min(1, 'The file is empty') }).strict(),
    run: async ({ deps, caller, event, body }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      if (body.size > IMPORT_MAX_BYTES) throw tooLarge();
      if (!KNOWN_EXTENSIONS.test(body.file_name))
        throw new ValidationError([{ field: 'file_name', message: UNKNOWN_FORMAT }]);
      const key = uploadKeyFor(profileId);
      const upload = await deps.statementFiles.grantUpload(key, IMPORT_MAX_BYTES);
      return { upload_key: key, upload, max_bytes: IMPORT_MAX_BYTES };
    },
  }),
  'POST /imports/preview': route({
    body: z.object(statementInput).strict(),
    run: ({ deps, caller, event, body }) =>
      previewImport(deps, dataFor(deps), caller, {
        profileId: profileIdFromRequest(event),
        accountId: body.account_id,
        uploadKey: body.upload_key,
        mapping: body.mapping,
      }),
  }),
  'POST /imports': route({
    status: 201,
    body: z.object({ ...statementInput, file_name: fileName }).strict(),
    run: ({ deps, caller, event, body }) =>
      commitImport(deps, dataFor(deps), caller, {
        profileId: profileIdFromRequest(event),
        accountId: body.account_id,
        uploadKey: body.upload_key,
        mapping: body.mapping,
        fileName: body.file_name,
      }),
  }),
  'GET /imports': route({
    query: z.object({ account_id: z.string().min(1).max(128).optional() }),
    run: async ({ deps, caller, event, query }) => ({
      imports: await listImports(dataFor(deps), caller, profileIdFromRequest(event), query.account_id),
    }),
  }),
  'DELETE /imports/{importId}': route({
    path: z.object({ importId: z.string().min(1).max(128) }),
    run: ({ deps, caller, event, path }) =>
      undoImport(deps, dataFor(deps), caller, profileIdFromRequest(event), path.importId),
  }),
  'POST /imports/archive': route({
    status: 201,
    body: z.object({ upload_key: uploadKey, file_name: fileName }).strict(),
    run: ({ deps, caller, event, body }) =>
      restoreArchive(
        deps,
        dataFor(deps),
        caller,
        profileIdFromRequest(event),
        body.upload_key,
        body.file_name,
      ),
  }),
});
