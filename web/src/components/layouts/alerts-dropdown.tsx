// The header's notifications menu, the Radix part (its own chunk, loaded by alerts-menu.tsx's light
// trigger through ui/lazy-menu.tsx): the latest alerts; opening an alert marks it read and follows its
// link, "Mark all read" clears the count.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { alertsQueryOptions, useMarkAlertsRead } from '../../lib/alerts-api.ts';
import { cn } from '../../lib/cn.ts';
import type { MenuTrigger } from '../ui/lazy-menu.tsx';

const PRIORITY_DOT = ['', 'bg-red-600', 'bg-amber-500', 'bg-brand-600', 'bg-slate-500'] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export function AlertsDropdown({ trigger }: { trigger: MenuTrigger }) {
  const query = useQuery(alertsQueryOptions());
  const markRead = useMarkAlertsRead();
  const navigate = useNavigate();
  const unread = query.data?.unread_count ?? 0;
  const items = query.data?.items ?? [];
  return (
    // Not modal: the page behind stays in the accessibility tree (no aria-hidden over focusable content).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="flex items-center justify-between px-2 py-2">
            <DropdownMenu.Label className="text-sm font-semibold text-slate-900">
              Notifications
            </DropdownMenu.Label>
            {unread > 0 ? (
              <DropdownMenu.Item
                className="cursor-pointer rounded px-2 py-1 text-xs font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100"
                onSelect={(event) => {
                  event.preventDefault();
                  markRead.mutate({ all: true });
                }}
              >
                Mark all read
              </DropdownMenu.Item>
            ) : null}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {query.isPending ? (
            <p className="px-2 py-3 text-sm text-slate-600">Loading…</p>
          ) : query.isError ? (
            <p className="px-2 py-3 text-sm text-slate-600">Notifications could not be loaded.</p>
          ) : items.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-600">
              No notifications yet. Alerts about your money appear here.
            </p>
          ) : (
            <div className="max-h-96 overflow-y-auto">
              {items.map((alert) => (
                <DropdownMenu.Item
                  key={alert.id}
                  className="flex cursor-pointer gap-2 rounded px-2 py-2 outline-none data-[highlighted]:bg-slate-100"
                  onSelect={() => {
                    if (!alert.read_at) markRead.mutate({ ids: [alert.id] });
                    if (!alert.link) return;
                    // A page of the app, or a provider's page (Stripe's hosted invoice to confirm a payment).
                    if (/^https?:\/\//i.test(alert.link)) window.location.assign(alert.link);
                    else void navigate(alert.link);
                  }}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mt-1.5 size-2 shrink-0 rounded-full',
                      PRIORITY_DOT[alert.priority] ?? 'bg-slate-500',
                    )}
                  />
                  <span className="min-w-0">
                    <span className={cn('block text-sm text-slate-900', !alert.read_at && 'font-semibold')}>
                      {alert.title}
                      {!alert.read_at ? <span className="sr-only"> (unread)</span> : null}
                    </span>
                    <span className="block text-sm text-slate-600">{alert.body}</span>
                    <span className="block text-xs text-slate-500">{when(alert.created_at)}</span>
                  </span>
                </DropdownMenu.Item>
              ))}
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
