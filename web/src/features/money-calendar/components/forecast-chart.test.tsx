import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ForecastFigure, ForecastTable } from './forecast-chart.tsx';

const row = (balance_date: string, closing: number, low = closing, high = closing) => ({
  balance_date,
  closing_balance: closing,
  closing_low: low,
  closing_high: high,
  is_forecast: balance_date !== '2026-11-22',
});

describe('ForecastFigure (the likely range)', () => {
  it('shades the range behind the line and names it at the horizon, in the text alternative too', () => {
    const html = renderToStaticMarkup(
      <ForecastFigure
        rows={[
          row('2026-11-22', 100_000),
          row('2026-11-23', 90_000, 85_000, 93_000),
          row('2026-11-24', 80_000, 60_000, 95_000),
        ]}
        stale={false}
        includesAllowance
      />,
    );
    expect(html).toMatch(/aria-label="[^"]*likely range \$600\.00 – \$950\.00[^"]*"/);
    expect(html).toContain('Likely range $600.00 – $950.00 on Nov 24, 2026');
    expect(html).toContain('8 of 10 stretches');
    expect(html).toContain('the occasional large purchase adding up');
    // The band is drawn before (behind) the line.
    expect(html.indexOf('fill-brand-500/20')).toBeGreaterThan(-1);
    expect(html.indexOf('fill-brand-500/20')).toBeLessThan(html.indexOf('stroke-brand-600'));
    // Axes: round amounts and dates as people write them.
    expect(html).toContain('Nov 22</span>');
    expect(html).toMatch(/>\$\d+(\.\d)?k?</);
    // The data table's rows are drawn when it is opened (most of the figure's work), so the
    // closed table has its summary only.
    expect(html).toContain(
      '<summary class="cursor-pointer text-brand-700">Show forecast as a table</summary>',
    );
    expect(html).not.toContain('<td');
  });

  it("lists every day in the data table, with the likely range, in the view's convention", () => {
    const points = [
      { date: '2026-11-22', value: 100_000, low: 100_000, high: 100_000 },
      { date: '2026-11-23', value: 90_000, low: 85_000, high: 93_000 },
    ];
    const html = renderToStaticMarkup(<ForecastTable points={points} />);
    expect(html).toContain('<th scope="col">Closing balance</th><th scope="col">Likely low</th>');
    expect(html).toContain('<td>Mon, Nov 23</td><td>$900.00</td><td>$850.00</td><td>$930.00</td>');
    expect(html.match(/<tr>/g)).toHaveLength(3);
    const owed = renderToStaticMarkup(
      <ForecastTable
        points={[{ date: '2026-11-24', value: -3_357, low: -3_357, high: 150_000 }]}
        convention="owed"
      />,
    );
    expect(owed).toContain('<th scope="col">Owed</th>');
    expect(owed).toContain(
      '<td>Tue, Nov 24</td><td>$33.57 credit</td><td>$33.57 credit</td><td>$1,500.00 owed</td>',
    );
  });

  it("shows the backtest's measured coverage beside the band when the account's kind was measured", () => {
    const html = renderToStaticMarkup(
      <ForecastFigure
        rows={[row('2026-11-22', 100_000), row('2026-11-23', 90_000, 85_000, 93_000)]}
        stale={false}
        includesAllowance
        coverage={{ d30: 0.8, d90: 0.81, d365: 0.72 }}
      />,
    );
    expect(html).toContain('inside it 80 % of the time 30 days ahead, 81 % at 90 days and 72 % a year ahead');
  });

  it('reads an owed balance as owed, with its highest point rather than its lowest', () => {
    const html = renderToStaticMarkup(
      <ForecastFigure
        rows={[row('2026-11-22', 103_519), row('2026-11-23', 150_000), row('2026-11-24', -3_357)]}
        stale={false}
        includesAllowance
        convention="owed"
      />,
    );
    expect(html).toContain('from $1,035.19 owed today to $33.57 credit on Nov 24, 2026');
    expect(html).toContain('highest $1,500.00 owed on Nov 23, 2026');
    expect(html).toContain('Forecast amount owed');
    expect(html).not.toContain('−$');
  });

  it('says why there is no range: the allowance switched off, or too little history, or an old server', () => {
    const flat = [row('2026-11-22', 100_000), row('2026-11-23', 90_000)];
    const off = renderToStaticMarkup(<ForecastFigure rows={flat} stale={false} includesAllowance={false} />);
    expect(off).not.toContain('Likely range');
    expect(off).not.toContain('fill-brand-500/20');
    expect(off).toContain('which this forecast leaves out');
    const short = renderToStaticMarkup(<ForecastFigure rows={flat} stale={false} includesAllowance />);
    expect(short).toContain('not enough history');
    const old = renderToStaticMarkup(
      <ForecastFigure
        rows={[{ balance_date: '2026-11-22', closing_balance: 5_000, is_forecast: false }]}
        stale
        includesAllowance
      />,
    );
    expect(old).toContain('may be out of date');
    expect(old).not.toContain('Likely range');
  });
});
