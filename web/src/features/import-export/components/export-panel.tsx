// Export: the transactions as CSV (one account's or all, between two dates), the Money Plan as CSV, and
// the whole profile as a JSON archive that Restore reads back into an empty profile.
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { Account } from '../../../lib/accounts-api.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadExport } from '../api/import-export-api.ts';
import { Problem } from './problem.tsx';

type Target = '/exports/transactions' | '/exports/money-plan' | '/exports/archive';

export function ExportPanel({ profileId, accounts }: { profileId: string; accounts: Account[] }) {
  const [accountId, setAccountId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const download = useMutation({
    mutationFn: ({ path, query }: { path: Target; query?: Record<string, string | undefined> }) =>
      downloadExport(profileId, path, query),
    onSuccess: (rows) => toast.success(`Exported ${rows} row${rows === 1 ? '' : 's'}`),
  });
  const busy = (path: Target) => download.isPending && download.variables.path === path;

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Export</h2>
      <p className="mt-1 text-sm text-slate-600">
        Your data is yours: take it to a spreadsheet or another app.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Account"
          value={accountId}
          options={[
            { value: '', label: 'All accounts' },
            ...accounts.map((a) => ({ value: a.id, label: a.account_name })),
          ]}
          onChange={(e) => setAccountId(e.target.value)}
        />
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          onClick={() =>
            download.mutate({
              path: '/exports/transactions',
              query: { account_id: accountId || undefined, from: from || undefined, to: to || undefined },
            })
          }
          isPending={busy('/exports/transactions')}
        >
          <Download aria-hidden="true" className="size-4" />
          Transactions (CSV)
        </Button>
        <Button
          variant="secondary"
          onClick={() => download.mutate({ path: '/exports/money-plan' })}
          isPending={busy('/exports/money-plan')}
        >
          <Download aria-hidden="true" className="size-4" />
          Money Plan (CSV)
        </Button>
        <Button
          variant="secondary"
          onClick={() => download.mutate({ path: '/exports/archive' })}
          isPending={busy('/exports/archive')}
        >
          <Download aria-hidden="true" className="size-4" />
          Whole profile (JSON archive)
        </Button>
      </div>
      <div className="mt-3">
        <Problem error={download.error} title="The export did not work" />
      </div>
    </Card>
  );
}
