// Adding a manual account: cash, a bank not on Plaid, a house or a car, a private loan — a name, a kind,
// a balance and the date it is true on. It then appears with the linked accounts, marked Manual.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { parseDollars } from '../../../lib/money-input.ts';
import { toast } from '../../../lib/toast.ts';
import { createManualAccount, MANUAL_KINDS, type ManualKind } from '../api/import-export-api.ts';
import { Problem } from './problem.tsx';

const today = () => new Date().toISOString().slice(0, 10);

export function ManualAccountForm({ profileId }: { profileId: string }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ManualKind>('cash');
  const [balance, setBalance] = useState('');
  const [asOf, setAsOf] = useState(today());
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (cents: number) =>
      createManualAccount(profileId, {
        account_name: name.trim(),
        kind,
        current_balance: cents,
        balance_as_of: asOf,
      }),
    onSuccess: async (account) => {
      toast.success(`${account.account_name} added`);
      setName('');
      setBalance('');
      await queryClient.invalidateQueries();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const negative = balance.trim().startsWith('-');
    const cents = parseDollars(balance.replace(/^-/, ''), { allowZero: true });
    if (!name.trim()) return setInvalid('Please enter an account name');
    if (cents === null) return setInvalid('Please enter the balance in dollars, like 1250.00');
    setInvalid(null);
    create.mutate(negative ? -cents : cents);
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Add a manual account</h2>
      <p className="mt-1 text-sm text-slate-600">
        For cash, a bank that is not on Plaid, a house or a car, or a private loan. Loans and cards are
        entered as what is owed.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <TextField
          label="Account name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
        />
        <SelectField
          label="Kind"
          value={kind}
          options={MANUAL_KINDS}
          onChange={(e) => setKind(e.target.value as ManualKind)}
        />
        <TextField
          label="Balance ($)"
          inputMode="decimal"
          value={balance}
          onChange={(e) => setBalance(e.target.value)}
          placeholder="0.00"
        />
        <TextField label="Balance as of" type="date" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
        <div className="space-y-3 sm:col-span-2">
          {invalid ? <p className="text-sm text-red-700">{invalid}</p> : null}
          <Problem error={create.error} title="The account could not be added" />
          <Button type="submit" isPending={create.isPending}>
            Add account
          </Button>
        </div>
      </form>
    </Card>
  );
}
