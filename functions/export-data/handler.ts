// Export (docs/import-export.md): the profile's transactions as CSV (one account's, between two dates,
// when asked), the Money Plan as CSV, and the whole profile as one JSON archive that import reads back
// into an empty profile. Anyone with a role on the profile may export, viewers included. Each answer
// is JSON carrying the file (name, type, content), which the app saves as a download.
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import { profileIdFromRequest, requireProfileAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { buildArchive } from '../lib/import/archive.ts';
import { moneyPlanCsv, transactionsCsv } from '../lib/import/export-csv.ts';

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'must be a date (YYYY-MM-DD)');
const range = z
  .object({ from: date.optional(), to: date.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'must not be before from', path: ['to'] });

export const handler = httpHandler('export-data', {
  'GET /exports/transactions': route({
    query: range.and(z.object({ account_id: z.string().min(1).max(128).optional() })),
    run: async ({ deps, caller, event, query }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      if (query.account_id) {
        const { data: account } = await data.connectedAccounts.get({ id: query.account_id }).go();
        if (!account || account.profile_id !== profileId || !account.is_active)
          throw new NotFoundError('Account not found');
      }
      return transactionsCsv(data, profileId, {
        from: query.from ?? '0000-00-00',
        to: query.to ?? '9999-12-31',
        accountId: query.account_id,
      });
    },
  }),
  'GET /exports/money-plan': route({
    query: range,
    run: async ({ deps, caller, event, query }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const today = deps.clock().toISOString().slice(0, 10);
      return moneyPlanCsv(data, profileId, query.from ?? today, query.to ?? '9999-12-31');
    },
  }),
  'GET /exports/archive': route({
    run: async ({ deps, caller, event }) => {
      const profileId = profileIdFromRequest(event);
      const archive = await buildArchive(dataFor(deps), caller, profileId, deps.clock());
      return {
        file_name: `tallywise-archive-${archive.exported_at.slice(0, 10)}.json`,
        content_type: 'application/json',
        content: JSON.stringify(archive, null, 2),
        rows: archive.transactions.length,
      };
    },
  }),
});
