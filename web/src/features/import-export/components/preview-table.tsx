// The preview: what will be added, what looks like a duplicate of what the account holds, and what will
// be skipped, row by row with the line it came from. Nothing is written until the import is confirmed.
import { formatUsd } from '@domain/classification.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import type { Preview } from '../api/import-export-api.ts';

const SHOWN_ROWS = 200;
const statusBadge = {
  new: <Badge tone="success">New</Badge>,
  duplicate: <Badge tone="warning">Likely duplicate</Badge>,
  skipped: <Badge>Skipped</Badge>,
} as const;

/** Plaid's sign (positive = money out) as a person reads it. */
const signed = (amount: number) => (amount > 0 ? `−${formatUsd(amount)}` : `+${formatUsd(amount)}`);

export function PreviewTable({ preview }: { preview: Preview }) {
  const { counts } = preview;
  return (
    <section aria-labelledby="preview-heading" className="space-y-3">
      <h3 id="preview-heading" className="text-base font-semibold text-slate-900">
        Preview
      </h3>
      <p className="text-sm text-slate-700" data-testid="import-counts">
        {counts.new} new · {counts.duplicate} likely duplicate{counts.duplicate === 1 ? '' : 's'} ·{' '}
        {counts.skipped} skipped
      </p>
      {/* Scrolls on its own: focusable so a keyboard can scroll it too. */}
      <div
        tabIndex={0}
        role="group"
        aria-label="Preview rows"
        className="max-h-96 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th className="px-3 py-2 font-medium">Line</th>
              <th className="px-3 py-2 font-medium">Date</th>
              <th className="px-3 py-2 font-medium">Payee</th>
              <th className="px-3 py-2 text-right font-medium">Amount</th>
              <th className="px-3 py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={`${row.line}-${row.date}-${row.amount}`}>
                <td className="px-3 py-2 text-slate-500 tabular-nums">{row.line}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-800 tabular-nums">{row.date}</td>
                <td className="px-3 py-2 break-words text-slate-900">{row.payee}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
                  {signed(row.amount)}
                </td>
                <td className="px-3 py-2">
                  {statusBadge[row.status]}
                  {row.reason ? (
                    <span className="mt-0.5 block text-xs text-slate-500">{row.reason}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.rows.length > SHOWN_ROWS ? (
        <p className="text-xs text-slate-500">
          The first {SHOWN_ROWS} of {preview.rows.length} rows are shown.
        </p>
      ) : null}
    </section>
  );
}
