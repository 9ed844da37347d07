// The content of every e-mail the automation sends (spec §7 sendgrid-email-automation events, alerts,
// the transaction summary), as data for the one layout (layout.tsx). Names and amounts only: the
// layout escapes every value, and subjects carry no user text.
import { PRODUCT_NAME } from '../../../domain/brand.ts';
import { formatCents, type Cents } from '../../../domain/money/cents.ts';
import { billCount } from '../../../domain/money/bills.ts';
import type { AlertGroup } from '../../../domain/alerts.ts';
import type { EmailEvent } from '../../../domain/email-events.ts';
import type { EmailContent, EmailFigure } from './layout.tsx';
import type { LowPoint, MonthlyReportFigures, WeeklyDigestFigures } from './digest.ts';

export interface Links {
  /** The SPA's origin. */
  readonly app: string;
  readonly manage: string;
  readonly unsubscribe?: string | undefined;
}

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const footer = (links: Links, reason: string) => ({
  reason,
  manageUrl: links.manage,
  unsubscribeUrl: links.unsubscribe,
});

function lowFigure(low: LowPoint | null, previous: LowPoint | null | undefined): EmailFigure {
  if (!low) return { label: 'Projected low, next 30 days', value: 'No forecast yet' };
  let note = `on ${longDate(low.date)}`;
  if (previous) {
    const moved = low.amount - previous.amount;
    note +=
      moved === 0
        ? ' · unchanged since last week'
        : ` · ${moved > 0 ? 'up' : 'down'} ${formatCents(Math.abs(moved))} since last week (was ${formatCents(previous.amount)} on ${longDate(previous.date)})`;
  }
  return { label: 'Projected low, next 30 days', value: formatCents(low.amount), note, warn: low.amount < 0 };
}

function reloginList(banks: readonly string[]) {
  return banks.length > 0
    ? {
        title: 'Banks that need you to sign in again',
        items: banks.map((b) => `${b}: reconnect to keep syncing`),
      }
    : undefined;
}

export function weeklyDigestContent(
  figures: WeeklyDigestFigures | null,
  previousLow: LowPoint | null | undefined,
  links: Links,
): EmailContent {
  const reason = 'You get this weekly digest because weekly digests are on in your e-mail preferences.';
  if (!figures)
    return {
      subject: `Your ${PRODUCT_NAME} week`,
      preview: 'Connect a bank to see your week in numbers.',
      heading: 'Your week in numbers',
      paragraphs: [
        'Connect a bank account and your weekly digest will show your spending, bills and forecast.',
      ],
      cta: { label: 'Connect an account', href: `${links.app}/accounts` },
      ...footer(links, reason),
    };
  const diff = figures.spending_this_week - figures.average_weekly_spending;
  const comparison =
    figures.average_weekly_spending === 0
      ? 'no spending in the four weeks before'
      : `${formatCents(Math.abs(diff))} ${diff > 0 ? 'more' : 'less'} than your 4-week average of ${formatCents(figures.average_weekly_spending)}`;
  return {
    subject: `Your ${PRODUCT_NAME} week: ${formatCents(figures.spending_this_week)} spent`,
    preview: `Spent ${formatCents(figures.spending_this_week)} this week; ${billCount(figures.bills.length)} in the next 14 days.`,
    heading: 'Your week in numbers',
    paragraphs: [`Here is where your money stands as of ${longDate(figures.today)}.`],
    figures: [
      {
        label: 'Spent in the last 7 days',
        value: formatCents(figures.spending_this_week),
        note: diff === 0 ? 'the same as your 4-week average' : comparison,
      },
      {
        label: 'Bills in the next 14 days',
        value: formatCents(figures.bills_total),
        note: billCount(figures.bills.length),
      },
      lowFigure(figures.projected_low, previousLow),
    ],
    list:
      figures.banks_needing_relogin.length > 0
        ? reloginList(figures.banks_needing_relogin)
        : figures.bills.length > 0
          ? {
              title: 'Coming up',
              items: figures.bills
                .slice(0, 8)
                .map((b) => `${longDate(b.date)}: ${b.description}, ${formatCents(b.amount)}`),
            }
          : undefined,
    cta: { label: 'Open your Money Calendar', href: `${links.app}/calendar` },
    ...footer(links, reason),
  };
}

export function monthlyReportContent(figures: MonthlyReportFigures | null, links: Links): EmailContent {
  const reason = 'You get this report because monthly reports are on in your e-mail preferences.';
  if (!figures)
    return {
      subject: `Your ${PRODUCT_NAME} monthly report`,
      preview: 'Connect a bank to get your monthly report.',
      heading: 'Your monthly report',
      paragraphs: [
        'Connect a bank account and next month’s report will show your income, spending and forecast.',
      ],
      cta: { label: 'Connect an account', href: `${links.app}/accounts` },
      ...footer(links, reason),
    };
  const net = figures.income - figures.spending;
  return {
    subject: `Your ${PRODUCT_NAME} report for ${monthName(figures.month)}`,
    preview: `${monthName(figures.month)}: ${formatCents(figures.income)} in, ${formatCents(figures.spending)} out.`,
    heading: `${monthName(figures.month)} in review`,
    paragraphs: ['Your month at a glance, from your connected accounts.'],
    figures: [
      { label: 'Income', value: formatCents(figures.income) },
      { label: 'Spending', value: formatCents(figures.spending) },
      {
        label: net >= 0 ? 'Saved' : 'Spent more than earned',
        value: formatCents(Math.abs(net)),
        warn: net < 0,
      },
      lowFigure(figures.projected_low, undefined),
    ],
    list: reloginList(figures.banks_needing_relogin),
    cta: { label: 'See your Money Plan', href: `${links.app}/plan` },
    ...footer(links, reason),
  };
}

/** The lifecycle e-mails (spec §7 events other than the digest and the report). */
export function lifecycleContent(
  event: Exclude<EmailEvent, 'weekly_digest' | 'monthly_report'>,
  name: string | null,
  links: Links,
): EmailContent {
  const hi = name ? `Hi ${name},` : 'Hi,';
  const onboarding = 'You get this because onboarding e-mails are on in your e-mail preferences.';
  switch (event) {
    case 'user_signup':
      return {
        subject: `Welcome to ${PRODUCT_NAME}`,
        preview: 'Connect an account and see your next 30 days.',
        heading: `Welcome to ${PRODUCT_NAME}`,
        paragraphs: [
          hi,
          'Connect your bank and we will build your Money Calendar: every bill and paycheck, and your balance for the next two years.',
        ],
        cta: { label: 'Get set up in 60 seconds', href: `${links.app}/get-started` },
        ...footer(links, onboarding),
      };
    case 'account_linked':
      return {
        subject: 'Your account is connected',
        preview: 'Your transactions are on their way.',
        heading: 'Your account is connected',
        paragraphs: [
          hi,
          'We are bringing in your transaction history. Next, generate your Money Plan: we find your bills and paychecks for you.',
        ],
        cta: { label: 'Generate my plan', href: `${links.app}/plan` },
        ...footer(links, onboarding),
      };
    case 'money_plan_created':
      return {
        subject: 'Your Money Plan is ready',
        preview: 'See your balance day by day.',
        heading: 'Your Money Plan is ready',
        paragraphs: [
          hi,
          'Your bills and paychecks are planned. The Money Calendar now shows your projected balance for every day ahead, and warns you before it runs low.',
        ],
        cta: { label: 'Open the Money Calendar', href: `${links.app}/calendar` },
        ...footer(links, onboarding),
      };
    case 'ai_coach_used':
      return {
        subject: 'Getting more from your money coach',
        preview: 'Questions your coach answers from your own numbers.',
        heading: 'Ask your coach anything about your money',
        paragraphs: [
          hi,
          'Your coach answers from your own accounts and plan. Some questions people ask next:',
        ],
        list: {
          title: 'Try asking',
          items: [
            'Can I afford a $400 purchase this month?',
            'When is my balance lowest in the next 30 days?',
            'What are my biggest recurring bills?',
          ],
        },
        cta: { label: 'Ask the coach', href: `${links.app}/money-coach` },
        ...footer(links, 'You get this because AI insights are on in your e-mail preferences.'),
      };
    case 'inactive_7_days':
    case 'inactive_30_days':
      return {
        subject: event === 'inactive_7_days' ? 'Your week ahead, at a glance' : 'We saved your place',
        preview: 'Your calendar kept itself up to date.',
        heading: event === 'inactive_7_days' ? 'Your calendar kept going' : 'It has been a while',
        paragraphs: [
          hi,
          event === 'inactive_7_days'
            ? 'Your accounts kept syncing while you were away. Take a minute to check the week ahead.'
            : 'Your accounts and plan are where you left them. Your forecast is ready whenever you are.',
        ],
        cta: { label: 'See my week', href: `${links.app}/calendar` },
        ...footer(links, 'You get this because product e-mails are on in your e-mail preferences.'),
      };
  }
}

export interface SummaryTransaction {
  readonly date: string;
  readonly name: string;
  /** Plaid's sign: positive = money out. */
  readonly amount: Cents;
}

export function transactionSummaryContent(
  transactions: readonly SummaryTransaction[],
  links: Links,
): EmailContent {
  const out = transactions.filter((t) => t.amount > 0).reduce((sum, t) => sum + t.amount, 0);
  const into = transactions.filter((t) => t.amount < 0).reduce((sum, t) => sum - t.amount, 0);
  return {
    subject: `${transactions.length} new ${transactions.length === 1 ? 'transaction' : 'transactions'}`,
    preview: `${formatCents(out)} out, ${formatCents(into)} in.`,
    heading: 'New transactions',
    paragraphs: ['Your latest sync brought these in.'],
    figures: [
      { label: 'Money out', value: formatCents(out) },
      { label: 'Money in', value: formatCents(into) },
    ],
    list: {
      title: 'Transactions',
      items: transactions
        .slice(0, 15)
        .map(
          (t) =>
            `${longDate(t.date)}: ${t.name}, ${t.amount > 0 ? '-' : '+'}${formatCents(Math.abs(t.amount))}`,
        ),
    },
    cta: { label: 'See all transactions', href: `${links.app}/accounts` },
    ...footer(links, 'You get this because transaction summaries are on in your e-mail preferences.'),
  };
}

const PRIORITY_LABEL = { 1: 'Critical', 2: 'High', 3: 'Medium', 4: 'Low' } as const;

/** One alert now, or a batch of alerts (smart batching merged same-kind ones into a group). */
export function alertContent(groups: readonly AlertGroup[], batched: boolean, links: Links): EmailContent {
  const count = groups.reduce((n, g) => n + g.count, 0);
  const first = groups[0];
  const reason = 'You get alerts by e-mail as set in your alert preferences.';
  if (!batched && first && count === 1)
    return {
      subject: first.title,
      preview: first.bodies[0] ?? first.title,
      heading: first.title,
      paragraphs: [...first.bodies, `Priority: ${PRIORITY_LABEL[first.priority]}.`],
      cta: { label: `Open ${PRODUCT_NAME}`, href: links.app },
      ...footer(links, reason),
    };
  return {
    subject: `${count} ${PRODUCT_NAME} ${count === 1 ? 'alert' : 'alerts'}`,
    preview: groups.map((g) => g.title).join(' · '),
    heading: `${count} ${count === 1 ? 'alert' : 'alerts'} since the last update`,
    paragraphs: groups.map((g) => `${PRIORITY_LABEL[g.priority]}: ${g.title}. ${g.bodies.join(' ')}`),
    cta: { label: 'See your alerts', href: links.app },
    ...footer(links, reason),
  };
}

/**
 * A renewal that needs 3-D Secure (Stripe's invoice.payment_action_required): the bank wants the
 * person to confirm the payment, which only they can do, on the invoice's hosted page.
 */
export function paymentActionRequiredContent(
  payment: { amount: string; plan: string; invoiceUrl: string; graceEnds: string | null },
  links: Links,
): EmailContent {
  return {
    subject: `Confirm your ${PRODUCT_NAME} payment`,
    preview: `Your bank asks you to confirm the ${payment.amount} payment for ${payment.plan}.`,
    heading: 'Confirm your payment',
    paragraphs: [
      `Your bank asks you to confirm the ${payment.amount} payment for ${payment.plan} before it goes through.`,
      payment.graceEnds
        ? `Your plan stays open until ${payment.graceEnds}; confirm the payment before then to keep your forecast, calendar and coach.`
        : 'Confirm the payment to keep your forecast, calendar and coach.',
    ],
    cta: { label: 'Confirm payment', href: payment.invoiceUrl },
    ...footer(links, 'You get this because a payment for your plan needs you to confirm it.'),
  };
}
