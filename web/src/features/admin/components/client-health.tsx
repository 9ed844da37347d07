// /admin/system's client health: what people's browsers measured over the last hour and day,
// per operation (API calls and route loads), with the recommendations spec §9's thresholds give, and the
// latest error reports with their correlation id, so an admin can go from a person's error screen to the
// server's log line. docs/observability.md.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { clientHealthQuery, type ClientHealth } from '../api/admin-api.ts';
import { DataTable, QueryFrame, dateTimeSeconds, percent } from './admin-ui.tsx';

const cell = 'px-3 py-2';
const windows = [
  { key: 'hour', label: 'Last hour' },
  { key: 'day', label: 'Last day' },
] as const;

function WindowView({ health }: { health: ClientHealth['windows']['hour'] }) {
  return (
    <>
      <p className="text-sm text-slate-600">
        {health.totals.count} operations · average {health.totals.avg_ms} ms ·{' '}
        {percent(health.totals.error_rate)} failed · {health.totals.slow} over 1 s
      </p>
      <h3 className="text-base font-semibold text-slate-900">Recommendations</h3>
      {health.recommendations.length === 0 ? (
        <Alert tone="info">Nothing crosses the thresholds.</Alert>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Recommendations">
          {health.recommendations.map((r) => (
            <li key={`${r.rule}-${r.op ?? 'all'}`}>
              <Alert tone="warning">{r.message}</Alert>
            </li>
          ))}
        </ul>
      )}
      {health.operations.length > 0 ? (
        <DataTable caption="Operations" head={['Operation', 'Count', 'Average', 'Over 1 s', 'Failed']}>
          {health.operations.map((o) => (
            <tr key={o.op}>
              <td className={`${cell} break-all`}>{o.op}</td>
              <td className={cell}>{o.count}</td>
              <td className={cell}>{o.avg_ms} ms</td>
              <td className={cell}>{o.slow}</td>
              <td className={cell}>{percent(o.error_rate)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}

export function ClientHealthSection() {
  const query = useQuery(clientHealthQuery());
  const [span, setSpan] = useState<'hour' | 'day'>('hour');
  return (
    <section aria-labelledby="client-health-title" className="flex flex-col gap-4">
      <h2 id="client-health-title" className="text-lg font-semibold text-slate-900">
        Client health
      </h2>
      <p className="text-sm text-slate-600">
        API calls and route loads as people&apos;s browsers timed them (sampled in the cloud), and their error
        reports.
      </p>
      <QueryFrame query={query}>
        {(health) => (
          <>
            <div role="group" aria-label="Window" className="flex gap-2">
              {windows.map((w) => (
                <button
                  key={w.key}
                  type="button"
                  aria-pressed={span === w.key}
                  onClick={() => setSpan(w.key)}
                  className={`rounded-md border px-3 py-1 text-sm ${
                    span === w.key
                      ? 'border-brand-600 bg-brand-50 text-slate-900'
                      : 'border-slate-200 bg-white text-slate-700'
                  }`}
                >
                  {w.label}
                </button>
              ))}
            </div>
            <WindowView health={health.windows[span]} />
            <h3 className="text-base font-semibold text-slate-900">Error reports, last day</h3>
            {health.errors.recent.length === 0 ? (
              <Alert tone="info">No error reports in the last day.</Alert>
            ) : (
              <DataTable
                caption="Error reports"
                head={['When', 'Error', 'Route', 'Correlation id', 'Build', 'Routes before']}
              >
                {health.errors.recent.map((r) => (
                  <tr key={r.id}>
                    <td className={cell}>{dateTimeSeconds(r.timestamp)}</td>
                    <td className={`${cell} break-words`}>
                      <span className="font-medium">{r.error_class}</span>: {r.message}
                      {r.occurrences > 1 ? ` (×${r.occurrences})` : ''}
                    </td>
                    <td className={cell}>{r.route}</td>
                    <td className={`${cell} font-mono text-xs break-all`}>{r.correlation_id ?? '—'}</td>
                    <td className={cell}>{r.build_version}</td>
                    <td className={`${cell} text-xs`}>{r.navigation.join(' → ')}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </QueryFrame>
    </section>
  );
}
