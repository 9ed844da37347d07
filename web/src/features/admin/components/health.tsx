// /admin/user-health, /admin/plaid-health and /admin/system: people needing attention
// from the roll-up (paged per flag, each linking to the person's timeline), the last 24 hours of syncs,
// and per-function requests, errors and p95 with event deliveries and each schedule's last run.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { paths } from '../../../config/paths.ts';
import { healthQuery, plaidHealthQuery, systemQuery } from '../api/admin-api.ts';
import {
  AdminPage,
  DataTable,
  FigureCard,
  Pager,
  QueryFrame,
  dateTime,
  percent,
  useCursorPages,
} from './admin-ui.tsx';

const flags = [
  { value: 'login_required', label: 'Banks needing a new login' },
  { value: 'balance_check_failing', label: 'Failing balance checks' },
  { value: 'sync_stuck', label: 'Banks never synced' },
  { value: 'inactive_7d', label: 'Inactive 7 days' },
  { value: 'inactive_30d', label: 'Inactive 30 days' },
];

const cell = 'px-3 py-2';

export function AdminUserHealth() {
  const [flag, setFlag] = useState('login_required');
  const pages = useCursorPages();
  const query = useQuery(healthQuery(flag, pages.cursor));
  const counts = query.data?.counts;
  return (
    <AdminPage
      title="User health"
      intro="Each flag is set when its event happens (a bank asking for a new login, a failed balance check, a week without a visit) and goes when it is resolved."
    >
      <div className="max-w-sm">
        <SelectField
          label="Show"
          value={flag}
          onChange={(e) => {
            setFlag(e.target.value);
            pages.reset();
          }}
          options={flags.map((f) => ({
            value: f.value,
            label: `${f.label}${counts ? ` (${counts[f.value] ?? 0})` : ''}`,
          }))}
        />
      </div>
      <QueryFrame query={query}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="Nobody here">
              {page.generated_at ? `As of ${dateTime(page.generated_at)}.` : 'The roll-up has not run yet.'}
            </EmptyState>
          ) : (
            <>
              <DataTable caption="Users needing attention" head={['Person', 'What', 'Since']}>
                {page.items.map((row) => (
                  <tr key={`${row.user_id}-${row.subject_id}`}>
                    <td className={`${cell} break-all`}>
                      <Link
                        className="text-brand-700 underline-offset-4 hover:underline"
                        to={paths.admin.user.getHref(row.user_id)}
                      >
                        {row.email ?? row.user_id}
                      </Link>
                    </td>
                    <td className={cell}>{row.detail}</td>
                    <td className={cell}>{dateTime(row.since)}</td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                hasPrevious={pages.hasPrevious}
                nextCursor={page.next_cursor}
                onPrevious={pages.previous}
                onNext={pages.next}
              />
            </>
          )
        }
      </QueryFrame>
    </AdminPage>
  );
}

export function AdminPlaidHealth() {
  const query = useQuery(plaidHealthQuery());
  return (
    <AdminPage
      title="Plaid health"
      intro="Syncs of the last 24 hours; items by state from the latest roll-up."
    >
      <QueryFrame query={query}>
        {(h) => (
          <>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <FigureCard
                testId="plaid-success"
                label="Sync success, 24 h"
                value={h.syncs === 0 ? '—' : `${percent(h.success_rate)} of ${h.syncs}`}
                definition="Syncs that finished without a Plaid error, over every sync that reached Plaid in the last 24 hours."
              />
              <FigureCard
                testId="plaid-lag"
                label="Webhook → synced, p95"
                value={
                  h.webhook_to_synced_p95_ms === null
                    ? '—'
                    : `${(h.webhook_to_synced_p95_ms / 1000).toFixed(1)} s`
                }
                definition={`95th percentile of the time from a Plaid webhook to the end of the sync it started (${h.webhook_samples} samples).`}
              />
              <FigureCard
                testId="plaid-items"
                label="Items by state"
                value={
                  h.items_by_state
                    ? Object.entries(h.items_by_state)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join(' · ') || 'none'
                    : '—'
                }
                definition="Plaid items (bank logins) by status at the latest roll-up."
              />
            </div>
            <h2 className="text-lg font-semibold text-slate-900">Top error codes</h2>
            {h.top_error_codes.length === 0 ? (
              <Alert tone="info">No sync errors in the last 24 hours.</Alert>
            ) : (
              <DataTable caption="Top error codes" head={['Error code', 'Syncs']}>
                {h.top_error_codes.map((c) => (
                  <tr key={c.code}>
                    <td className={cell}>{c.code}</td>
                    <td className={cell}>{c.count}</td>
                  </tr>
                ))}
              </DataTable>
            )}
            <h2 className="text-lg font-semibold text-slate-900">Error rate per institution</h2>
            {h.institutions.length === 0 ? (
              <Alert tone="info">No syncs in the last 24 hours.</Alert>
            ) : (
              <DataTable
                caption="Error rate per institution"
                head={['Institution', 'Syncs', 'Errors', 'Error rate']}
              >
                {h.institutions.map((i) => (
                  <tr key={i.institution_id}>
                    <td className={cell}>{i.name}</td>
                    <td className={cell}>{i.syncs}</td>
                    <td className={cell}>{i.errors}</td>
                    <td className={cell}>{percent(i.error_rate)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
            {h.recent_failures.length > 0 ? (
              <>
                <h2 className="text-lg font-semibold text-slate-900">Recent failures</h2>
                <DataTable caption="Recent failures" head={['When', 'Institution', 'Error', 'Person']}>
                  {h.recent_failures.map((f) => (
                    <tr key={`${f.item_id}-${f.finished_at}`}>
                      <td className={cell}>{dateTime(f.finished_at)}</td>
                      <td className={cell}>{f.institution_name ?? '—'}</td>
                      <td className={cell}>{f.error_code ?? f.status}</td>
                      <td className={cell}>
                        <Link
                          className="text-brand-700 underline-offset-4 hover:underline"
                          to={paths.admin.user.getHref(f.user_id)}
                        >
                          Timeline
                        </Link>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </>
            ) : null}
          </>
        )}
      </QueryFrame>
    </AdminPage>
  );
}

export function AdminSystem() {
  const query = useQuery(systemQuery());
  return (
    <AdminPage title="System" intro="Requests, errors and latency of the last 24 hours.">
      <QueryFrame query={query}>
        {(s) => (
          <>
            <p className="text-sm text-slate-600">
              Server build: {s.build_version ?? 'not set (BUILD_VERSION)'} · Web build:{' '}
              {import.meta.env.VITE_APP_VERSION ?? 'development'}
            </p>
            <DataTable caption="Functions" head={['Function', 'Requests', '4xx', '5xx', 'Error rate', 'p95']}>
              {s.functions.map((f) => (
                <tr key={f.name}>
                  <td className={cell}>
                    {f.name}
                    {f.built ? '' : ' (not built)'}
                  </td>
                  <td className={cell}>{f.requests}</td>
                  <td className={cell}>{f.client_errors}</td>
                  <td className={cell}>{f.server_errors}</td>
                  <td className={cell}>{percent(f.error_rate)}</td>
                  <td className={cell}>{f.p95_ms === null ? '—' : `≤ ${f.p95_ms} ms`}</td>
                </tr>
              ))}
            </DataTable>
            <h2 className="text-lg font-semibold text-slate-900">Event deliveries</h2>
            {s.events.length === 0 ? (
              <Alert tone="info">No events delivered in the last 24 hours.</Alert>
            ) : (
              <DataTable caption="Event deliveries" head={['Event', 'Consumer', 'Deliveries', 'Failures']}>
                {s.events.map((e) => (
                  <tr key={`${e.detail_type}-${e.consumer}`}>
                    <td className={cell}>{e.detail_type}</td>
                    <td className={cell}>{e.consumer}</td>
                    <td className={cell}>{e.deliveries}</td>
                    <td className={cell}>{e.failures}</td>
                  </tr>
                ))}
              </DataTable>
            )}
            <h2 className="text-lg font-semibold text-slate-900">Schedules</h2>
            <DataTable caption="Schedules" head={['Job', 'Schedule', 'Last run', 'Result']}>
              {s.schedules.map((j) => (
                <tr key={j.name}>
                  <td className={cell}>{j.name}</td>
                  <td className={cell}>{j.expression}</td>
                  <td className={cell}>{j.built ? dateTime(j.last_run_at) : 'not built'}</td>
                  <td className={cell}>
                    {j.last_status ?? '—'}
                    {j.last_error ? `: ${j.last_error}` : ''}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </QueryFrame>
    </AdminPage>
  );
}
