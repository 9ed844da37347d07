// The header's notifications: a bell with the unread count, and the latest alerts in a
// menu (alerts-dropdown.tsx, loaded when a person reaches for the bell: ui/lazy-menu.tsx); opening an
// alert marks it read and follows its link, "Mark all read" clears the count. The count is asked for once
// the browser is first idle after the frame shows (within 1 s): its request, answer and redraw stay off a
// deep link's path to its screen.
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { alertsQueryOptions } from '../../lib/alerts-api.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { useIdle } from '../deferred.tsx';
import { lazyMenu } from '../ui/lazy-menu.tsx';

export const alertsDropdown = lazyModule(() => import('./alerts-dropdown.tsx').then((m) => m.AlertsDropdown));
const AlertsDropdown = lazyMenu(alertsDropdown);

export function AlertsMenu() {
  const idle = useIdle();
  const query = useQuery({ ...alertsQueryOptions(), enabled: idle });
  const unread = query.data?.unread_count ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <AlertsDropdown
      trigger={
        <button
          type="button"
          aria-label={label}
          className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      }
    />
  );
}
