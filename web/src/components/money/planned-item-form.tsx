// Add or edit a planned item, shared by the Money Calendar's day detail and the Money Plan: description,
// money in or out, amount in dollars, date, account (or all accounts), category, and how often it
// repeats. Editing a repeating item asks whether the change is for that date only or for it and every
// later one; a new date or a new "Repeats" for the series starts a new schedule there (docs/
// money-plan-api.md). An edit sends only what changed. Amounts are sent as cash-flow cents.
import { useId, useState, type FormEvent } from 'react';
import { PLAID_PRIMARY_GROUPS, type PlaidPrimary } from '@domain/taxonomy.ts';
import { nameWithMask } from '../../lib/account-format.ts';
import { CADENCE_LABELS } from '../../lib/money-format.ts';
import { dollarsText, parseDollars } from '../../lib/money-input.ts';
import type { NewPlanItem, PlanItem, PlanItemPatch } from '../../lib/money-plan-api.ts';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { TextField } from '../ui/text-field.tsx';

export interface PlannedItemFormProps {
  date: string;
  accounts: readonly { id: string; account_name: string; mask?: string | null | undefined }[];
  item?: PlanItem | undefined;
  isPending: boolean;
  /** A new item (no `item`). */
  onSubmit: (value: NewPlanItem) => void;
  /** The changes to `item`, with their scope. */
  onSave?: (patch: PlanItemPatch) => void;
  onCancel: () => void;
  /** For a repeating item: whether "This and all later ones" is chosen at first (the Money Plan edits
   * series). */
  defaultScope?: 'this' | 'series';
}

const cadences = [
  { value: '', label: 'One-off' },
  ...Object.entries(CADENCE_LABELS).map(([value, label]) => ({ value, label })),
];

/** Plain-text order of labels, case folded (ASCII English labels: the same order as localeCompare). */
const byLabel = (a: string, b: string): number => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The category picker's options: none, then every group by name. */
export const categoryOptions = [
  { value: '', label: 'No category' },
  ...(Object.entries(PLAID_PRIMARY_GROUPS) as [PlaidPrimary, string][])
    .map(([value, label]) => ({ value, label }))
    // By code unit, case folded: localeCompare's first call builds a collator (≈ 100 ms of a 4×-throttled
    // CPU while the calendar starts); for these English labels the order is the same (tested).
    .sort((a, b) => byLabel(a.label, b.label)),
];

export function PlannedItemForm({
  date,
  accounts,
  item,
  isPending,
  onSubmit,
  onSave,
  onCancel,
  defaultScope = 'this',
}: PlannedItemFormProps) {
  const [description, setDescription] = useState(item?.description ?? '');
  const [direction, setDirection] = useState<'out' | 'in'>(item && item.amount > 0 ? 'in' : 'out');
  const [amount, setAmount] = useState(item ? dollarsText(item.amount) : '');
  const [dueDate, setDueDate] = useState(item?.due_date ?? date);
  const [accountId, setAccountId] = useState(item?.account_id ?? '');
  const [category, setCategory] = useState(item?.category_primary ?? '');
  const [cadence, setCadence] = useState(item?.cadence ?? '');
  const repeating = Boolean(item?.series_id);
  const [scope, setScope] = useState<'this' | 'series'>(defaultScope);
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
    if (item) {
      const amountCents = direction === 'out' ? -cents : cents;
      const patch: PlanItemPatch = {
        ...(description.trim() !== item.description ? { description: description.trim() } : {}),
        ...(amountCents !== item.amount ? { amount: amountCents } : {}),
        ...(dueDate !== item.due_date ? { due_date: dueDate } : {}),
        ...((accountId || null) !== item.account_id ? { account_id: accountId || null } : {}),
        // An untouched category is left alone (it may carry a detailed one from detection).
        ...(category !== (item.category_primary ?? '')
          ? { category: category ? { primary: category } : null }
          : {}),
        ...(cadence !== (item.cadence ?? '') ? { recurrence: cadence ? { cadence } : null } : {}),
      };
      if (Object.keys(patch).length === 0) onCancel();
      else onSave?.({ ...patch, scope: repeating ? scope : 'this' });
      return;
    }
    onSubmit({
      description: description.trim(),
      amount: direction === 'out' ? -cents : cents,
      due_date: dueDate,
      account_id: accountId || null,
      category: category ? { primary: category } : null,
      recurrence: cadence ? { cadence } : null,
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
        options={categoryOptions}
      />
      {repeating ? (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-800">Change</legend>
          <div className="flex flex-col gap-1.5 text-sm sm:flex-row sm:gap-4">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${formId}-scope`}
                checked={scope === 'this'}
                onChange={() => {
                  setScope('this');
                  setCadence(item?.cadence ?? '');
                }}
              />
              Just this one
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${formId}-scope`}
                checked={scope === 'series'}
                onChange={() => setScope('series')}
              />
              This and all later ones
            </label>
          </div>
        </fieldset>
      ) : null}
      <SelectField
        label="Repeats"
        value={cadence}
        onChange={(e) => setCadence(e.target.value)}
        options={cadences}
        disabled={repeating && scope === 'this'}
        hint={
          repeating && scope === 'this'
            ? 'To change how it repeats, choose "This and all later ones".'
            : repeating && scope === 'series'
              ? 'A new date or repeat starts a new schedule from this date.'
              : undefined
        }
      />
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
