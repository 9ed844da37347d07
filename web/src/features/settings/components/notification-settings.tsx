// /settings → Notifications: one switch per e-mail preference of spec §3, the
// delivery of alerts per priority (spec §9: 1 critical to 4 low; immediate, hourly or daily) and smart
// batching, and unsubscribing from every e-mail. Each change saves on its own; a failed save puts the
// control back and says so. The low-balance line the alerts use is the calendar's own setting.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from '../../../lib/toast.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { paths } from '../../../config/paths.ts';
import {
  ALERT_DELIVERIES,
  alertPreferencesQueryOptions,
  emailPreferencesQueryOptions,
  useSaveAlertPreferences,
  useSaveEmailPreferences,
  useUnsubscribeAll,
  type AlertDelivery,
  type AlertPreferences,
  type EmailFlag,
} from '../api/notification-preferences.ts';
import { EmailHistory } from './email-history.tsx';

const EMAIL_SWITCHES: ReadonlyArray<{ flag: EmailFlag; label: string; hint: string }> = [
  {
    flag: 'weekly_digest',
    label: 'Weekly digest',
    hint: 'Your spending, bills ahead and projected low, every Monday.',
  },
  { flag: 'monthly_report', label: 'Monthly report', hint: 'Last month’s income and spending, on the 1st.' },
  { flag: 'ai_insights', label: 'AI insights', hint: 'Tips from your money coach.' },
  { flag: 'onboarding_emails', label: 'Getting started', hint: 'Help with your first account and plan.' },
  {
    flag: 'transaction_summary',
    label: 'New transactions',
    hint: 'A summary after each sync that brings new ones.',
  },
  {
    flag: 'marketing_emails',
    label: 'Product news',
    hint: 'What is new, and a nudge when you have been away.',
  },
];

type FrequencyField = Exclude<keyof AlertPreferences, 'enable_smart_batching'>;
const PRIORITIES: ReadonlyArray<{ field: FrequencyField; label: string; hint: string }> = [
  { field: 'critical_alert_frequency', label: 'Critical', hint: 'Your balance is projected to go negative.' },
  {
    field: 'high_alert_frequency',
    label: 'High',
    hint: 'Low balance ahead, a bank needs you, unusual spending.',
  },
  { field: 'medium_alert_frequency', label: 'Medium', hint: 'Reminders about your plan.' },
  { field: 'low_alert_frequency', label: 'Low', hint: 'Tips and news.' },
];
const DELIVERY_LABEL: Record<AlertDelivery, string> = {
  immediate: 'Immediately',
  hourly: 'Hourly summary',
  daily: 'Daily summary',
};

const saveFailed = 'Could not save your notification settings. Please try again.';

function SwitchRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
      />
    </li>
  );
}

function EmailSection() {
  const query = useQuery(emailPreferencesQueryOptions());
  const save = useSaveEmailPreferences();
  const unsubscribe = useUnsubscribeAll();
  if (query.isPending)
    return (
      <div aria-busy="true" aria-label="Loading e-mail preferences" className="space-y-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        title="Could not load your e-mail preferences"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  const prefs = query.data;
  const busy = save.isPending || unsubscribe.isPending;
  const allOff = EMAIL_SWITCHES.every(({ flag }) => !prefs[flag]);
  return (
    <>
      {prefs.suppressed_at ? (
        <Alert title="E-mails to your address are paused">
          <p>
            {prefs.suppression_reason === 'complaint'
              ? 'An e-mail from us was marked as spam, so we stopped sending digests, reports and alerts.'
              : 'Your mailbox refused our e-mail, so we stopped sending digests, reports and alerts.'}{' '}
            Security e-mails still arrive.
          </p>
        </Alert>
      ) : null}
      <ul className="divide-y divide-slate-200">
        {EMAIL_SWITCHES.map(({ flag, label, hint }) => (
          <SwitchRow
            key={flag}
            label={label}
            hint={hint}
            checked={prefs[flag]}
            disabled={busy}
            onChange={(value) => save.mutate({ [flag]: value }, { onError: () => toast.error(saveFailed) })}
          />
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {allOff ? 'You get no e-mails from us except security ones.' : 'Security e-mails always arrive.'}
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={allOff || busy}
          isPending={unsubscribe.isPending}
          onClick={() =>
            unsubscribe.mutate(undefined, {
              onSuccess: () => toast.success('You are unsubscribed from all e-mails'),
              onError: () => toast.error(saveFailed),
            })
          }
        >
          Unsubscribe from all
        </Button>
      </div>
    </>
  );
}

function AlertSection() {
  const query = useQuery(alertPreferencesQueryOptions());
  const save = useSaveAlertPreferences();
  if (query.isPending)
    return (
      <div aria-busy="true" aria-label="Loading alert preferences" className="space-y-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        title="Could not load your alert preferences"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  const prefs = query.data;
  return (
    <>
      <ul className="divide-y divide-slate-200">
        {PRIORITIES.map(({ field, label, hint }) => (
          <li key={field} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <label htmlFor={`alert-${field}`} className="text-sm font-medium text-slate-900">
                {label} alerts
              </label>
              <p className="text-sm text-slate-600">{hint}</p>
            </div>
            <select
              id={`alert-${field}`}
              value={prefs[field]}
              disabled={save.isPending}
              onChange={(event) =>
                save.mutate(
                  { [field]: event.target.value as AlertDelivery },
                  { onError: () => toast.error(saveFailed) },
                )
              }
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 sm:w-48"
            >
              {ALERT_DELIVERIES.map((d) => (
                <option key={d} value={d}>
                  {DELIVERY_LABEL[d]}
                </option>
              ))}
            </select>
          </li>
        ))}
        <SwitchRow
          label="Smart batching"
          hint="Combine alerts of the same kind into one entry of a summary."
          checked={prefs.enable_smart_batching}
          disabled={save.isPending}
          onChange={(value) =>
            save.mutate({ enable_smart_batching: value }, { onError: () => toast.error(saveFailed) })
          }
        />
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        Alerts always appear in the app. The low-balance line is the one you set on the{' '}
        <a className="font-medium text-brand-700 underline" href={paths.app.calendar.getHref()}>
          Money Calendar
        </a>
        .
      </p>
    </>
  );
}

/**
 * The body of /settings → Notifications (the page's section gives the title): e-mail switches, alert
 * delivery, then the e-mails sent. `id="notifications"` is the anchor the e-mails' "E-mail preferences" link opens.
 */
export function NotificationSettings() {
  return (
    <div id="notifications" className="space-y-8">
      <section aria-labelledby="email-preferences-heading">
        <h3 id="email-preferences-heading" className="text-base font-semibold text-slate-900">
          E-mail
        </h3>
        <p className="mb-2 text-sm text-slate-600">Choose which e-mails we send you.</p>
        <EmailSection />
      </section>
      <section aria-labelledby="alert-preferences-heading">
        <h3 id="alert-preferences-heading" className="text-base font-semibold text-slate-900">
          Alerts
        </h3>
        <p className="mb-2 text-sm text-slate-600">
          How soon each alert reaches your inbox: right away, or gathered into an hourly or daily summary.
        </p>
        <AlertSection />
      </section>
      <section aria-labelledby="email-history-heading">
        <h3 id="email-history-heading" className="text-base font-semibold text-slate-900">
          E-mails we sent you
        </h3>
        <p className="mb-2 text-sm text-slate-600">The most recent first, with whether each one arrived.</p>
        <EmailHistory />
      </section>
    </div>
  );
}
