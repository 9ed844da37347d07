// /admin: sign-ups, actives, activation, trials, trial → paid by cohort, paying, grace, churn and MRR,
// counted as records are written (docs/admin.md), each with its definition on hover and its trend.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { adminKeys, dashboardQuery, requestRollup, type DashboardFigures } from '../api/admin-api.ts';
import {
  AdminPage,
  DataTable,
  FigureCard,
  NOT_AVAILABLE,
  QueryFrame,
  dateTimeSeconds,
  percent,
  usd,
} from './admin-ui.tsx';

const ratio = (a: { cohort: number; activated: number }) =>
  a.cohort === 0 ? '—' : `${percent(a.activated / a.cohort)} (${a.activated} of ${a.cohort})`;

export function AdminDashboard() {
  const query = useQuery({
    ...dashboardQuery(),
    refetchInterval: (q) => (q.state.data?.generated_at ? false : 5_000),
  });
  const client = useQueryClient();
  const refresh = useMutation({
    mutationFn: requestRollup,
    onSuccess: () => {
      toast.success('Refreshing the figures…');
      // The roll-up runs off the request path; look again shortly.
      for (const ms of [1_000, 3_000, 8_000])
        setTimeout(() => void client.invalidateQueries({ queryKey: adminKeys.dashboard }), ms);
    },
    onError: () => toast.error('Could not start a refresh'),
  });
  return (
    <AdminPage
      title="Admin dashboard"
      intro="Today’s figures as they stand, counted as people sign up, visit, link banks and pay; the trends keep one point per day."
      actions={
        <Button variant="secondary" size="sm" isPending={refresh.isPending} onClick={() => refresh.mutate()}>
          Refresh figures
        </Button>
      }
    >
      <QueryFrame query={query}>
        {(data) => {
          const f = data.figures;
          if (!f)
            return (
              <EmptyState title="No figures yet">
                The first roll-up has not run. Refresh the figures to run it now.
              </EmptyState>
            );
          const trend = (pick: (x: DashboardFigures) => number) => data.history.map((h) => pick(h.figures));
          return (
            <>
              <p className="text-sm text-slate-600" data-testid="generated-at">
                As of {dateTimeSeconds(data.generated_at)}
              </p>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                <FigureCard
                  testId="fig-signups"
                  label="Sign-ups, 24 h"
                  value={f.signups_24h}
                  definition="People whose profile was created in the last 24 hours (the trend: sign-ups per day, 30 days)."
                  trend={f.signups_by_day.map((d) => d.count)}
                />
                <FigureCard
                  testId="fig-signups-30d"
                  label="Sign-ups, 30 days"
                  value={f.signups_30d}
                  definition="Profiles created in the last 30 days; the total is every profile."
                  trend={trend((x) => x.users_total)}
                />
                <FigureCard
                  testId="fig-users"
                  label="People"
                  value={f.users_total}
                  definition="Every profile (one per person who has signed in)."
                  trend={trend((x) => x.users_total)}
                />
                <FigureCard
                  testId="fig-dau"
                  label="Daily actives"
                  value={f.dau}
                  definition="People with a visit (profile last_active_at) in the last 24 hours."
                  trend={trend((x) => x.dau)}
                />
                <FigureCard
                  testId="fig-wau"
                  label="Weekly actives"
                  value={f.wau}
                  definition="People with a visit in the last 7 days."
                  trend={trend((x) => x.wau)}
                />
                <FigureCard
                  testId="fig-mau"
                  label="Monthly actives"
                  value={f.mau}
                  definition="People with a visit in the last 30 days."
                  trend={trend((x) => x.mau)}
                />
                <FigureCard
                  testId="fig-activation-24h"
                  label="Activation, 24 h"
                  value={ratio(f.activation_24h)}
                  definition="Of the people who signed up 1 to 30 days ago, the share who linked a bank within 24 hours of signing up."
                  trend={trend((x) => x.activation_24h.activated)}
                />
                <FigureCard
                  testId="fig-activation-7d"
                  label="Activation, 7 days"
                  value={ratio(f.activation_7d)}
                  definition="Of the people who signed up 7 to 30 days ago, the share who linked a bank within 7 days."
                  trend={trend((x) => x.activation_7d.activated)}
                />
                <FigureCard
                  testId="fig-banks"
                  label="Linked banks"
                  value={Object.values(f.items_by_state).reduce((a, b) => a + b, 0)}
                  definition="Plaid items (bank logins) in any state; by state on Plaid health."
                  trend={trend((x) => Object.values(x.items_by_state).reduce((a, b) => a + b, 0))}
                />
                <FigureCard
                  testId="fig-trials"
                  label="Trials started, 30 days"
                  value={f.trials_started_30d}
                  definition="Subscriber records whose trial started in the last 30 days (card-free or checkout)."
                  trend={f.trials_by_day.map((d) => d.count)}
                />
                <FigureCard
                  testId="fig-paying"
                  label="Paying subscribers"
                  value={f.paying}
                  definition="Subscriptions Stripe reports active (a trial is not paying)."
                  trend={trend((x) => x.paying)}
                />
                <FigureCard
                  testId="fig-grace"
                  label="In grace"
                  value={f.in_grace}
                  definition="A renewal failed and the 72-hour grace period has not run out."
                  trend={trend((x) => x.in_grace)}
                />
                <FigureCard
                  testId="fig-churn"
                  label="Churn, 30 days"
                  value={f.churn_rate_30d === null ? '—' : `${percent(f.churn_rate_30d)} (${f.churned_30d})`}
                  definition="Subscriptions that ended in the last 30 days, over paying plus those ended."
                  trend={trend((x) => x.churned_30d)}
                />
                <FigureCard
                  testId="fig-mrr"
                  label="MRR"
                  value={usd(f.mrr_cents)}
                  definition="Monthly recurring revenue: each active subscription's price per month (annual ÷ 12)."
                  trend={trend((x) => x.mrr_cents)}
                />
                <FigureCard
                  testId="fig-email"
                  label="E-mails, 30 days"
                  value={
                    data.email.available
                      ? `${data.email.sent} sent · ${data.email.bounced} bounced`
                      : NOT_AVAILABLE
                  }
                  definition={
                    data.email.available
                      ? `E-mails recorded as sent in the last 30 days, and how many bounced (also ${data.email.failed} failed, ${data.email.opened} opened, ${data.email.clicked} clicked).`
                      : data.email.reason
                  }
                  trend={trend((x) => x.email_30d?.sent ?? 0)}
                />
              </div>
              <h2 className="mt-2 text-lg font-semibold text-slate-900">Trial → paid by trial-start week</h2>
              {f.trial_cohorts.length === 0 ? (
                <Alert tone="info">No trials in the last 12 weeks.</Alert>
              ) : (
                <DataTable
                  caption="Trial to paid by cohort"
                  head={['Week of', 'Trials', 'Paid', 'Conversion']}
                >
                  {f.trial_cohorts.map((c) => (
                    <tr key={c.week}>
                      <td className="px-3 py-2">{c.week}</td>
                      <td className="px-3 py-2">{c.trials}</td>
                      <td className="px-3 py-2">{c.paid}</td>
                      <td className="px-3 py-2">{percent(c.paid / c.trials)}</td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </>
          );
        }}
      </QueryFrame>
    </AdminPage>
  );
}
