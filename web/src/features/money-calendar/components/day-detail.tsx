// A day of the calendar in a dialog: its end-of-day balance, what happened (posted and pending
// transactions, by readable name with the bank's own string beneath) and what is planned, with add, edit and delete of planned items for editors and owners.
import { useState } from 'react';
import { formatUsd } from '@domain/classification.ts';
import { PlannedItemForm } from '../../../components/money/planned-item-form.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PLAID_PRIMARY_GROUPS, type PlaidPrimary } from '@domain/taxonomy.ts';
import { nameWithMask } from '../../../lib/account-format.ts';
import { cadenceLabel } from '../../../lib/money-format.ts';
import type { PlanItem } from '../../../lib/money-plan-api.ts';
import { usePlanItemMutations } from '../../../lib/use-plan-item-mutations.ts';
import type { CalendarAccount, CalendarDay } from '../api/calendar.ts';
import { dayLabel, signedUsd } from '../utils/month.ts';

export function DayDetail({
  day,
  accounts,
  profileId,
  canEdit,
  onClose,
}: {
  day: CalendarDay;
  accounts: readonly CalendarAccount[];
  profileId: string;
  canEdit: boolean;
  onClose: () => void;
}) {
  const [editing, setEditing] = useState<PlanItem | 'new' | null>(null);
  const { create, update, remove, unmatch } = usePlanItemMutations(profileId);
  const closing = day.balances.total?.closing ?? null;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={dayLabel(day.date)}
      description={
        closing === null
          ? 'No balance forecast for this day.'
          : `${day.is_forecast ? 'Forecast end-of-day balance' : 'End-of-day balance'}: ${closing < 0 ? '−' : ''}${formatUsd(closing)}`
      }
      className="max-w-lg"
    >
      {editing ? (
        <PlannedItemForm
          date={day.date}
          accounts={accounts}
          item={editing === 'new' ? undefined : editing}
          isPending={create.isPending || update.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(value) => create.mutate(value, { onSuccess: () => setEditing(null) })}
          onSave={(patch) => {
            if (editing === 'new') return;
            update.mutate({ id: editing.id, patch }, { onSuccess: () => setEditing(null) });
          }}
        />
      ) : (
        <div className="space-y-5">
          <section aria-labelledby="day-actual">
            <h3 id="day-actual" className="text-sm font-semibold text-slate-900">
              Transactions
            </h3>
            {day.transactions.length === 0 ? (
              <p className="mt-1 text-sm text-slate-500">No transactions on this day.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100">
                {day.transactions.map((t) => (
                  <li key={t.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate" title={t.name} data-testid="transaction-name">
                        {readableName(t)}
                        {t.pending ? <Badge className="ml-2">Pending</Badge> : null}
                      </span>
                      {readableName(t) !== t.name ? (
                        <span
                          className="block truncate text-xs text-slate-500"
                          data-testid="transaction-bank-text"
                        >
                          {t.name}
                        </span>
                      ) : null}
                    </span>
                    <span className={-t.amount < 0 ? 'text-slate-900' : 'text-emerald-700'}>
                      {signedUsd(-t.amount, formatUsd)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="day-planned">
            <h3 id="day-planned" className="text-sm font-semibold text-slate-900">
              Planned
            </h3>
            {day.planned.length === 0 ? (
              <p className="mt-1 text-sm text-slate-500">Nothing planned on this day.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100" aria-label="Planned items">
                {day.planned.map((item) => (
                  <li key={item.id} className="py-2 text-sm">
                    <div className="flex items-center justify-between gap-3">
                      <span className="min-w-0 truncate italic">
                        {item.description}
                        {item.is_reconciled ? <Badge className="ml-2">Matched</Badge> : null}
                      </span>
                      <span className={item.amount < 0 ? 'text-slate-900' : 'text-emerald-700'}>
                        {signedUsd(item.amount, formatUsd)}
                      </span>
                    </div>
                    <p className="mt-0.5 text-xs text-slate-500" data-testid="planned-item-details">
                      {plannedItemDetails(item, accounts)}
                    </p>
                    {item.is_reconciled ? (
                      <MatchNote
                        item={item}
                        canEdit={canEdit}
                        isPending={unmatch.isPending && unmatch.variables === item.id}
                        onUndo={() => unmatch.mutate(item.id)}
                      />
                    ) : null}
                    {canEdit && !item.is_reconciled ? (
                      <div className="mt-1 flex gap-2">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setEditing(item)}
                          aria-label={`Edit ${item.description}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700"
                          isPending={remove.isPending && remove.variables === item.id}
                          onClick={() => remove.mutate(item.id)}
                          aria-label={`Delete ${item.description}`}
                        >
                          Delete
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {canEdit ? (
            <Button onClick={() => setEditing('new')}>Add planned item</Button>
          ) : (
            <p className="text-sm text-slate-500">You can view this profile's plan but not change it.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** The payee as a person reads it (the server's display_name; an older server sends none). */
function readableName(t: { name: string; merchant_name?: string | null; display_name?: string }): string {
  return t.display_name || t.merchant_name || t.name;
}

/** The category, the account ("All accounts" when none) and how it repeats, as one line. */
function plannedItemDetails(item: PlanItem, accounts: readonly CalendarAccount[]): string {
  const primary = item.category_primary as PlaidPrimary | null | undefined;
  const category = primary && primary in PLAID_PRIMARY_GROUPS ? PLAID_PRIMARY_GROUPS[primary] : 'No category';
  const account = accounts.find((a) => a.id === item.account_id);
  return [category, account ? nameWithMask(account) : 'All accounts', cadenceLabel(item.cadence)].join(' · ');
}

/** A reconciled item: the transaction it was matched with, why, and (for editors) the undo. */
function MatchNote({
  item,
  canEdit,
  isPending,
  onUndo,
}: {
  item: PlanItem;
  canEdit: boolean;
  isPending: boolean;
  onUndo: () => void;
}) {
  const tx = item.reconciliation?.transaction;
  const reasons = item.reconciliation?.reasons ?? [];
  return (
    <div className="mt-1 rounded-md bg-slate-50 px-2 py-1.5 text-xs text-slate-700" data-testid="match-note">
      <p data-testid="match-summary">
        {tx
          ? `Matched with ${readableName(tx)} on ${dayLabel(tx.date)}, ${signedUsd(-tx.amount, formatUsd)}.`
          : 'Matched with a posted transaction.'}{' '}
        It no longer counts in the forecast.
      </p>
      {tx && readableName(tx) !== tx.name ? (
        <p className="mt-0.5 text-slate-500" data-testid="match-bank-text">
          Bank&rsquo;s description: {tx.name}
        </p>
      ) : null}
      {reasons.length > 0 ? <p className="mt-0.5 text-slate-500">{reasons.join(' · ')}</p> : null}
      {canEdit ? (
        <Button
          size="sm"
          variant="secondary"
          className="mt-1.5"
          isPending={isPending}
          onClick={onUndo}
          aria-label={`Undo match of ${item.description}`}
        >
          Undo match
        </Button>
      ) : null}
    </div>
  );
}
