// Add or edit a planned item, shared by the Money Calendar's day detail and the Money Plan: description,
// money in or out, amount in dollars, date, account (or all accounts), category, and (when adding) how
// often it repeats. Amounts are sent as cash-flow cents (docs/money-plan-api.md).
import { useId, useState, type FormEvent } from 'react';
import { PLAID_PRIMARY_GROUPS, type PlaidPrimary } from '../../../../domain/taxonomy.ts';
import { nameWithMask } from '../../lib/account-format.ts';
import { dollarsText, parseDollars } from '../../lib/money-input.ts';
import type { NewPlanItem, PlanItem } from '../../lib/money-plan-api.ts';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { TextField } from '../ui/text-field.tsx';

export interface PlannedItemFormProps {
  date: string;
  accounts: readonly { id: string; account_name: string; mask?: string | null | undefined }[];
  item?: PlanItem | undefined;
  isPending: boolean;
  onSubmit: (value: NewPlanItem) => void;
  onCancel: () => void;
}

const cadences = [
  { value: '', label: 'One-off' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'semi-monthly', label: 'Twice a month' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
];

const categories = [
  { value: '', label: 'No category' },
  ...(Object.entries(PLAID_PRIMARY_GROUPS) as [PlaidPrimary, string][])
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

export function PlannedItemForm({
  date,
  accounts,
  item,
  isPending,
  onSubmit,
  onCancel,
}: PlannedItemFormProps) {
  const [description, setDescription] = useState(item?.description ?? '');
  const [direction, setDirection] = useState<'out' | 'in'>(item && item.amount > 0 ? 'in' : 'out');
  const [amount, setAmount] = useState(item ? dollarsText(item.amount) : '');
  const [dueDate, setDueDate] = useState(item?.due_date ?? date);
  const [accountId, setAccountId] = useState(item?.account_id ?? '');
  const [category, setCategory] = useState(item?.category_primary ?? '');
  const [cadence, setCadence] = useState('');
  const [errors, setErrors] = useState<{ description?: string; amount?: string; date?: string }>({});
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollars(amount);
    const next: typeof errors = {};
    if (!description.trim()) next.description = 'Please enter a description';
    else if (description.trim().length > 120) next.description = 'Use at most 120 characters';
    if (cents === null) next.amount = 'Please enter an amount, like 45.00';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) next.date = 'Please choose a date';
    setErrors(next);
    if (Object.keys(next).length > 0 || cents === null) return;
    onSubmit({
      description: description.trim(),
      amount: direction === 'out' ? -cents : cents,
      due_date: dueDate,
      account_id: accountId || null,
      // On an edit, an untouched category is left alone (it may carry a detailed one from detection).
      ...(!item || category !== (item.category_primary ?? '')
        ? { category: category ? { primary: category } : null }
        : {}),
      ...(item ? {} : { recurrence: cadence ? { cadence } : null }),
    });
  };

  return (
    <form id={formId} onSubmit={submit} className="space-y-3" noValidate>
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        maxLength={120}
        autoComplete="off"
      />
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">Type</legend>
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${formId}-dir`}
              checked={direction === 'out'}
              onChange={() => setDirection('out')}
            />
            Money out
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${formId}-dir`}
              checked={direction === 'in'}
              onChange={() => setDirection('in')}
            />
            Money in
          </label>
        </div>
      </fieldset>
      <TextField
        label="Amount ($)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
      />
      <TextField
        label="Date"
        type="date"
        value={dueDate}
        onChange={(e) => setDueDate(e.target.value)}
        error={errors.date}
      />
      <SelectField
        label="Account"
        hint="All accounts: it counts in each account's view and once in the total."
        value={accountId}
        onChange={(e) => setAccountId(e.target.value)}
        options={[
          { value: '', label: 'All accounts' },
          ...accounts.map((a) => ({
            value: a.id,
            label: nameWithMask(a),
          })),
        ]}
      />
      <SelectField
        label="Category"
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        options={categories}
      />
      {item ? null : (
        <SelectField
          label="Repeats"
          value={cadence}
          onChange={(e) => setCadence(e.target.value)}
          options={cadences}
        />
      )}
      <div className="flex justify-end gap-2 pt-1">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" isPending={isPending}>
          {item ? 'Save changes' : 'Add planned item'}
        </Button>
      </div>
    </form>
  );
}
