// The owner's manual accounts with their balances: each can be brought up to date (a new balance and
// the date it is true on), which moves the forecast like a bank's new balance does.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatUsd } from '@domain/classification.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { Account } from '../../../lib/accounts-api.ts';
import { dollarsText, parseDollars } from '../../../lib/money-input.ts';
import { toast } from '../../../lib/toast.ts';
import { updateManualBalance } from '../api/import-export-api.ts';
import { Problem } from './problem.tsx';

const today = () => new Date().toISOString().slice(0, 10);

function BalanceForm({
  profileId,
  account,
  onDone,
}: {
  profileId: string;
  account: Account;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [balance, setBalance] = useState(
    account.current_balance === null
      ? ''
      : `${account.current_balance < 0 ? '-' : ''}${dollarsText(account.current_balance)}`,
  );
  const [asOf, setAsOf] = useState(today());
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (cents: number) =>
      updateManualBalance(profileId, account.id, { current_balance: cents, balance_as_of: asOf }),
    onSuccess: async () => {
      toast.success(`${account.account_name} updated`);
      onDone();
      await queryClient.invalidateQueries();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollars(balance.replace(/^-/, ''), { allowZero: true });
    if (cents === null) return setInvalid('Please enter the balance in dollars, like 1250.00');
    setInvalid(null);
    save.mutate(balance.trim().startsWith('-') ? -cents : cents);
  };
  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
      <TextField
        label={`New balance of ${account.account_name} ($)`}
        inputMode="decimal"
        value={balance}
        onChange={(e) => setBalance(e.target.value)}
      />
      <TextField label="As of" type="date" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
      <Button type="submit" isPending={save.isPending}>
        Save
      </Button>
      {invalid ? <p className="text-sm text-red-700 sm:col-span-3">{invalid}</p> : null}
      <div className="sm:col-span-3">
        <Problem error={save.error} title="The balance could not be saved" />
      </div>
    </form>
  );
}

export function ManualBalances({ profileId, accounts }: { profileId: string; accounts: Account[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const manual = accounts.filter((a) => a.is_manual);
  if (manual.length === 0) return null;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Manual accounts</h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {manual.map((account) => (
          <li key={account.id} className="py-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{account.account_name}</p>
                <p className="text-sm text-slate-600 tabular-nums">
                  {account.current_balance === null ? 'No balance' : formatUsd(account.current_balance)}
                  {account.balance_as_of ? ` as of ${account.balance_as_of}` : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setEditing(editing === account.id ? null : account.id)}
                aria-expanded={editing === account.id}
                aria-label={`Update balance of ${account.account_name}`}
              >
                Update balance
              </Button>
            </div>
            {editing === account.id ? (
              <BalanceForm profileId={profileId} account={account} onDone={() => setEditing(null)} />
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
