// Screenshots of every e-mail template, rendered with React Email from sample
// figures and photographed in Chromium at a desktop mail client's width and at 375 px, into the
// git-ignored e2e-screenshots/ folder the end-to-end suite writes its review screenshots to.
//   npm run email:screenshots
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { groupAlerts } from '../domain/alerts.ts';
import { EMAIL_EVENTS } from '../domain/email-events.ts';
import { renderEmail, type EmailContent } from '../functions/lib/email/layout.tsx';
import {
  alertContent,
  lifecycleContent,
  monthlyReportContent,
  transactionSummaryContent,
  weeklyDigestContent,
  type Links,
} from '../functions/lib/email/templates.ts';

const links: Links = {
  app: 'http://127.0.0.1:5173',
  manage: 'http://127.0.0.1:5173/settings#notifications',
  unsubscribe: 'http://127.0.0.1:3001/email/unsubscribe?token=sample',
};
const at = '2026-11-23T10:00:00.000Z';

function samples(): Array<[string, EmailContent]> {
  const out: Array<[string, EmailContent]> = [];
  for (const event of EMAIL_EVENTS) {
    if (event === 'weekly_digest')
      out.push([
        event,
        weeklyDigestContent(
          {
            profile_id: 'p',
            today: '2026-11-23',
            spending_this_week: 61_245,
            average_weekly_spending: 54_310,
            bills: [
              { date: '2026-11-25', description: 'Rent', amount: 145_000 },
              { date: '2026-11-28', description: 'Electric company', amount: 8_412 },
              { date: '2026-12-01', description: 'Phone', amount: 6_500 },
            ],
            bills_total: 159_912,
            projected_low: { date: '2026-12-02', amount: 18_250 },
            banks_needing_relogin: [],
          },
          { date: '2026-11-26', amount: 42_000 },
          links,
        ),
      ]);
    else if (event === 'monthly_report')
      out.push([
        event,
        monthlyReportContent(
          {
            profile_id: 'p',
            month: '2026-10',
            income: 512_000,
            spending: 468_540,
            projected_low: { date: '2026-12-02', amount: 18_250 },
            banks_needing_relogin: ['First Platypus Bank'],
          },
          links,
        ),
      ]);
    else out.push([event, lifecycleContent(event, 'Alex', links)]);
  }
  out.push([
    'transaction_summary',
    transactionSummaryContent(
      [
        { date: '2026-11-23', name: 'Blue Bottle Coffee', amount: 650 },
        { date: '2026-11-22', name: 'Payroll', amount: -250_000 },
        { date: '2026-11-22', name: 'Grocery Outlet', amount: 8_437 },
      ],
      links,
    ),
  ]);
  const alerts = [
    {
      id: '1',
      kind: 'low_balance',
      priority: 1 as const,
      title: 'Your cash is projected to go negative on Tue, Dec 2',
      body: 'Your forecast’s lowest cash balance in the next 30 days is -$182.50 on Tue, Dec 2.',
      created_at: at,
    },
    {
      id: '2',
      kind: 'unusual_transaction',
      priority: 2 as const,
      title: 'Large transaction: $912.00 at Apple Store',
      body: '$912.00 left Checking on Sun, Nov 22, more than usual for this account.',
      created_at: at,
    },
    {
      id: '3',
      kind: 'unusual_transaction',
      priority: 2 as const,
      title: 'Large transaction: $640.00 at Airline',
      body: '$640.00 left Credit Card on Sat, Nov 21, more than usual for this account.',
      created_at: at,
    },
    {
      id: '4',
      kind: 'bank_relogin',
      priority: 2 as const,
      title: 'First Platypus Bank needs you to sign in again',
      body: 'Reconnect it to keep your calendar and forecast current.',
      created_at: at,
    },
  ];
  out.push(['alert', alertContent(groupAlerts(alerts.slice(0, 1), false), false, links)]);
  out.push(['alert_digest', alertContent(groupAlerts(alerts, true), true, links)]);
  return out;
}

const dir = resolve(import.meta.dirname, '..', 'e2e-screenshots');
mkdirSync(dir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const [name, content] of samples()) {
    const { html } = await renderEmail(content);
    for (const width of [680, 375]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.setContent(html, { waitUntil: 'load' });
      const file = resolve(dir, `email-${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await page.close();
      console.log(file);
    }
  }
} finally {
  await browser.close();
}
