// The profile's imports, newest first, each with its undo: an undo removes exactly the transactions that
// import added.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import type { Account } from '../../../lib/accounts-api.ts';
import { toast } from '../../../lib/toast.ts';
import { importsQueryKey, listImports, undoImport } from '../api/import-export-api.ts';
import { Problem } from './problem.tsx';

export function ImportHistory({
  profileId,
  accounts,
  canUndo,
}: {
  profileId: string;
  accounts: Account[];
  canUndo: boolean;
}) {
  const queryClient = useQueryClient();
  const imports = useQuery({ queryKey: importsQueryKey(profileId), queryFn: () => listImports(profileId) });
  const undo = useMutation({
    mutationFn: (importId: string) => undoImport(profileId, importId),
    onSuccess: async ({ removed }) => {
      toast.success(`Import undone: ${removed} transaction${removed === 1 ? '' : 's'} removed`);
      await queryClient.invalidateQueries();
    },
  });
  const names = new Map(accounts.map((a) => [a.id, a.account_name]));

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Your imports</h2>
      {imports.isPending ? (
        <PageSpinner label="Loading your imports..." />
      ) : imports.isError ? (
        <Problem error={imports.error} title="We couldn't load your imports" />
      ) : imports.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing imported yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {imports.data.map((record) => (
            <li key={record.import_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{record.file_name}</p>
                <p className="text-sm text-slate-600">
                  {record.account_id
                    ? (names.get(record.account_id) ?? 'A removed account')
                    : 'Whole profile'}{' '}
                  · {new Date(record.imported_at).toLocaleString()} · {record.added} added,{' '}
                  {record.duplicates} duplicates, {record.skipped} skipped
                </p>
              </div>
              {record.status === 'undone' ? (
                <Badge>Undone</Badge>
              ) : canUndo && record.format !== 'archive' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => undo.mutate(record.import_id)}
                  isPending={undo.isPending && undo.variables === record.import_id}
                  aria-label={`Undo the import of ${record.file_name}`}
                >
                  Undo
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Problem error={undo.error} title="The import could not be undone" />
    </Card>
  );
}
