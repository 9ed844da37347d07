// Restore: a Tallywise archive read back into this profile, which must be empty (a new profile): its
// accounts come back as manual accounts, with their transactions, plan, categories and settings.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast.ts';
import { restoreArchive, uploadFile } from '../api/import-export-api.ts';
import { Problem } from './problem.tsx';

export function RestoreArchive({ profileId }: { profileId: string }) {
  const queryClient = useQueryClient();
  const [inputKey, setInputKey] = useState(0);
  const restore = useMutation({
    mutationFn: async (file: File) => restoreArchive(profileId, await uploadFile(profileId, file), file.name),
    onSuccess: async (done) => {
      toast.success(`Restored ${done.accounts} accounts and ${done.transactions} transactions`);
      setInputKey((k) => k + 1);
      await queryClient.invalidateQueries();
    },
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Restore an archive</h2>
      <p className="mt-1 text-sm text-slate-600">
        Reads a whole-profile archive back into this profile, which must be empty: create a new profile first.
        Its accounts come back as manual accounts.
      </p>
      <label className="mt-4 block text-sm font-medium text-slate-800">
        Archive file (JSON)
        <input
          key={inputKey}
          type="file"
          accept=".json,application/json"
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-800"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) restore.mutate(file);
          }}
        />
      </label>
      <div className="mt-3" aria-live="polite">
        {restore.isPending ? <p className="text-sm text-slate-600">Restoring…</p> : null}
        <Problem error={restore.error} title="The archive could not be restored" />
      </div>
    </Card>
  );
}
