// The rows of /plan: a repeating stream (cadence, schedule, next date, account) and a one-off item
// (date, account, 'Matched' once a transaction settled it), each with its amount and, for editors, edit
// and delete buttons named for the item; and the monthly totals' figures.
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd } from '@domain/classification.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { friendlyDate } from '../../../lib/money-format.ts';
import type { PlanItem, Stream } from '../../../lib/money-plan-api.ts';
import { cadenceLabel, categoryLabel, itemCategoryLabel } from '../utils/plan.ts';

const money = (c: number) => `${c < 0 ? '−' : ''}${formatUsd(Math.round(c))}`;

function Amount({ cents }: { cents: number }) {
  return (
    <span className={cn('font-semibold tabular-nums', cents > 0 && 'text-emerald-700')}>
      {cents > 0 ? '+' : ''}
      {money(cents)}
    </span>
  );
}

export function StreamRow({
  stream,
  account,
  actions,
}: {
  stream: Stream;
  account: string;
  actions: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <span data-testid="stream-name">{stream.description}</span>
          {categoryLabel(stream.category) ? (
            <Badge className="ml-2">{categoryLabel(stream.category)}</Badge>
          ) : null}
          {!stream.is_planned ? <Badge className="ml-2">Suggestion</Badge> : null}
        </p>
        {/* Two short lines rather than one that wraps on a phone: when it repeats, then when next and where. */}
        <p className="text-slate-600">
          {cadenceLabel(stream.cadence)}
          {stream.schedule ? ` · ${stream.schedule}` : ''}
        </p>
        <p className="text-slate-600">
          Next {stream.next_date ? friendlyDate(stream.next_date) : '—'} · {account}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Amount cents={stream.amount} />
        {actions}
      </div>
    </li>
  );
}

export function OneOffRow({
  item,
  account,
  actions,
}: {
  item: PlanItem;
  account: string;
  actions: ReactNode;
}) {
  const label = itemCategoryLabel(item);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          <span data-testid="one-off-name">{item.description}</span>
          {label ? <Badge className="ml-2">{label}</Badge> : null}
          {item.is_reconciled ? (
            <Badge tone="success" className="ml-2">
              Matched
            </Badge>
          ) : null}
        </p>
        <p className="text-slate-600">
          {friendlyDate(item.due_date)} · {account}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Amount cents={item.amount} />
        {actions}
      </div>
    </li>
  );
}

export function Total({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd
        className={cn(
          'font-semibold tabular-nums',
          strong && 'text-lg',
          strong && value < 0 && 'text-red-700',
        )}
      >
        {money(value)}
      </dd>
    </div>
  );
}

/** A plan row's edit and delete buttons, named for the item they act on. */
export function RowActions({
  name,
  onEdit,
  deleting,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button size="sm" variant="ghost" aria-label={`Delete ${name}`} isPending={deleting} onClick={onDelete}>
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </>
  );
}
