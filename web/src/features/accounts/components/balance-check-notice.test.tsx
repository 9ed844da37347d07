import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BalanceCheckNotice } from './balance-check-notice.tsx';

const now = new Date('2025-06-15T12:00:00Z');
const render = (balance_check: Parameters<typeof BalanceCheckNotice>[0]['account']['balance_check']) =>
  renderToStaticMarkup(
    <BalanceCheckNotice
      account={{ balance_check, institution_name: 'First Platypus Bank' }}
      onRefresh={() => undefined}
      isRefreshing={false}
      now={now}
    />,
  );

describe('BalanceCheckNotice (spec §5 balance validation)', () => {
  it('says nothing while the transactions add up, or when the account is not checked', () => {
    expect(render({ valid: true, difference: 75, checked_at: '2025-06-15T11:00:00Z' })).toBe('');
    expect(render(null)).toBe('');
  });

  it('names the bank, the unsigned difference and its direction, when it was checked, and offers a refresh', () => {
    const higher = render({ valid: false, difference: 2550, checked_at: '2025-06-15T11:55:00Z' });
    expect(higher).toContain('role="note"');
    expect(higher).toContain('don’t add up to the balance');
    expect(higher).toContain('The balance First Platypus Bank reports is $25.50 higher than');
    expect(higher).toContain('Checked 5 minutes ago.');
    expect(higher).toMatch(/<button[^>]*type="button"[^>]*>.*Refresh transactions<\/button>/);

    const lower = render({ valid: false, difference: -123456, checked_at: '2025-06-15T11:59:40Z' });
    expect(lower).toContain('is $1,234.56 lower than');
    expect(lower).toContain('Checked just now.');
  });

  it('keeps the refresh button busy while the account refreshes', () => {
    const html = renderToStaticMarkup(
      <BalanceCheckNotice
        account={{
          balance_check: { valid: false, difference: 500, checked_at: '2025-06-15T11:00:00Z' },
          institution_name: null,
        }}
        onRefresh={() => undefined}
        isRefreshing
        now={now}
      />,
    );
    expect(html).toContain('The balance your bank reports');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-busy="true"/);
  });
});
