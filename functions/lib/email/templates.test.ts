import { describe, expect, it } from 'vitest';
import { renderEmail } from './layout.tsx';
import { alertContent, paymentActionRequiredContent, weeklyDigestContent } from './templates.ts';
import { groupAlerts } from '../../../domain/alerts.ts';

const links = {
  app: 'https://app.test',
  manage: 'https://app.test/settings',
  unsubscribe: 'https://api.test/u?t=1',
};

describe('e-mail templates', () => {
  it('render the weekly digest as HTML and plain text with the figures, escaped', async () => {
    const email = await renderEmail(
      weeklyDigestContent(
        {
          profile_id: 'p',
          today: '2026-11-23',
          spending_this_week: 123_456,
          average_weekly_spending: 100_000,
          bills: [{ date: '2026-11-25', description: 'Rent <script>', amount: 150_000 }],
          bills_total: 150_000,
          projected_low: { date: '2026-12-01', amount: -2_500 },
          banks_needing_relogin: [],
        },
        { date: '2026-11-28', amount: 10_000 },
        links,
      ),
    );
    expect(email.subject).toBe('Your Tallywise week: $1,234.56 spent');
    expect(email.html).toContain('$1,234.56');
    expect(email.html).toContain('-$25.00');
    expect(email.html).toContain('Rent &lt;script&gt;');
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain('$234.56 more than your 4-week average of $1,000.00');
    expect(email.text).toContain('down $125.00 since last week');
    expect(email.html).toContain('https://api.test/u?t=1');
  });

  it('render a smart batch with one section per kind', async () => {
    const at = '2026-11-23T10:00:00.000Z';
    const groups = groupAlerts(
      [
        {
          id: 'a',
          kind: 'unusual_transaction',
          priority: 2,
          title: 'Large: $900',
          body: 'b1',
          created_at: at,
        },
        {
          id: 'b',
          kind: 'unusual_transaction',
          priority: 2,
          title: 'Large: $800',
          body: 'b2',
          created_at: at,
        },
        { id: 'c', kind: 'low_balance', priority: 1, title: 'Low', body: 'b3', created_at: at },
      ],
      true,
    );
    const email = await renderEmail(alertContent(groups, true, links));
    expect(email.subject).toBe('3 Tallywise alerts');
    expect(email.text.indexOf('Critical: Low')).toBeLessThan(email.text.indexOf('High: Large'));
    expect(email.text).toContain('(+1 more)');
  });

  it('render the confirm-your-payment mail with the hosted invoice page as its button', async () => {
    const invoiceUrl = 'https://invoice.stripe.test/i/acct_1/test_abc?x=1&y=2';
    const email = await renderEmail(
      paymentActionRequiredContent(
        { amount: '$9.99', plan: 'Tallywise Plus (monthly)', invoiceUrl, graceEnds: 'December 3, 2026' },
        links,
      ),
    );
    expect(email.subject).toBe('Confirm your Tallywise payment');
    expect(email.text).toContain(
      'Your bank asks you to confirm the $9.99 payment for Tallywise Plus (monthly) before it goes through.',
    );
    expect(email.text).toContain('Your plan stays open until December 3, 2026');
    expect(email.html).toContain('href="https://invoice.stripe.test/i/acct_1/test_abc?x=1&amp;y=2"');
    expect(email.html).toContain('Confirm payment');
  });
});
