// E-mail automation (spec §3 email_preferences, email_sends; §7 sendgrid-email-automation,
// data-store calls; §9 e-mail history limit 50): every spec event sends by preference and records an
// email_sends row; strict preference bodies; one-click unsubscribe (RFC 8058); a hard bounce stops
// non-essential mail; the weekly digest's figures equal the calendar API's.
import { describe, expect, it } from 'vitest';
import { EMAIL_EVENTS, PREFERENCE_OF } from '../../domain/email-events.ts';
import { isBill } from '../../domain/money/bills.ts';
import { addDays } from '../../domain/money/dates.ts';
import { formatCents } from '../../domain/money/cents.ts';
import {
  enqueueEveryone,
  enqueueInactivity,
  sendEventEmail,
  sendScheduledEmail,
} from '../../functions/lib/email/events.ts';
import type { QueueMessage } from '../../events/queues.ts';
import { api, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { cloudMessagesTo, eventually, messagesTo, sendsOf, testMail } from './email-helpers.ts';
import type { TestMail } from './email-helpers.ts';
import { forecastSettled, generatePlan, linkedUser, profileApi } from './money-helpers.ts';

async function person(name = 'Mia Mail'): Promise<TestUser> {
  const user = await signUpAndSignIn(name);
  // The profiles record (and its e-mail address) exists from the first read, as in the app.
  expect((await api('GET', '/profiles/me', { token: user.idToken })).status).toBe(200);
  return user;
}

const tokenOf = (header: string | undefined) => {
  const match = /^<(.+)>$/.exec(header ?? '');
  return new URL(match?.[1] ?? 'http://x/').searchParams.get('token') ?? '';
};

describe('preferences', () => {
  it('answers the spec defaults and refuses unknown fields and wrong types naming the field', async () => {
    const user = await person();
    const token = user.idToken;
    const email = await api('GET', '/preferences/email', { token });
    expect(email.body).toMatchObject({
      marketing_emails: true,
      onboarding_emails: true,
      weekly_digest: true,
      monthly_report: true,
      ai_insights: true,
      unsubscribed_at: null,
    });
    const alerts = await api('GET', '/preferences/alerts', { token });
    expect(alerts.body).toMatchObject({
      critical_alert_frequency: 'immediate',
      high_alert_frequency: 'hourly',
      medium_alert_frequency: 'daily',
      low_alert_frequency: 'daily',
      enable_smart_batching: true,
    });

    const unknown = await api<{ issues: Array<{ field: string }> }>('PUT', '/preferences/email', {
      token,
      body: { weekly_digest: false, sms: true },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.issues)).toContain('sms');
    const wrongType = await api<{ issues: Array<{ field: string }> }>('PUT', '/preferences/email', {
      token,
      body: { weekly_digest: 'no' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues.map((i) => i.field)).toEqual(['weekly_digest']);
    const badFrequency = await api<{ issues: Array<{ field: string }> }>('PUT', '/preferences/alerts', {
      token,
      body: { high_alert_frequency: 'sometimes' },
    });
    expect(badFrequency.status).toBe(400);
    expect(badFrequency.body.issues.map((i) => i.field)).toEqual(['high_alert_frequency']);
    // Nothing changed by the refused bodies.
    expect((await api('GET', '/preferences/email', { token })).body).toMatchObject({ weekly_digest: true });

    const saved = await api('PUT', '/preferences/alerts', {
      token,
      body: { high_alert_frequency: 'daily', enable_smart_batching: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ high_alert_frequency: 'daily', enable_smart_batching: false });
  });
});

describe('every spec event', () => {
  it('sends each event with one-click unsubscribe headers and records an email_sends row', async () => {
    const user = await person('Eve Events');
    const mail = testMail();
    for (const event of EMAIL_EVENTS) {
      const result = await sendEventEmail(mail.deps, directData(), event, user.userId, 'test-occasion');
      expect(result, event).toMatchObject({ success: true, status: 'sent' });
    }
    const sends = await sendsOf(user.userId);
    expect(sends.map((s) => s.kind).sort()).toEqual([...EMAIL_EVENTS].sort());
    expect(sends.every((s) => s.status === 'sent' && s.to_email === user.email)).toBe(true);
    const messages = messagesTo(mail.outboxDir, user.email);
    expect(messages).toHaveLength(EMAIL_EVENTS.length);
    for (const message of messages) {
      expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(tokenOf(message.headers?.['List-Unsubscribe'])).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(message.html).toContain('Tallywise');
      expect(message.text.length).toBeGreaterThan(40);
    }
    // Once per occasion: the same occasion again sends nothing.
    const again = await sendEventEmail(mail.deps, directData(), 'user_signup', user.userId, 'test-occasion');
    expect(again).toMatchObject({ status: 'skipped', reason: 'already sent' });
  });

  it('sends nothing and records nothing when the event’s preference is off', async () => {
    const user = await person('Otto Off');
    const mail = testMail();
    const off = Object.fromEntries(
      [...new Set(EMAIL_EVENTS.map((e) => PREFERENCE_OF[e]))].map((flag) => [flag, false]),
    );
    expect((await api('PUT', '/preferences/email', { token: user.idToken, body: off })).status).toBe(200);
    for (const event of EMAIL_EVENTS) {
      const result = await sendEventEmail(mail.deps, directData(), event, user.userId, 'o');
      expect(result, event).toMatchObject({
        status: 'skipped',
        reason: `preference ${PREFERENCE_OF[event]} off`,
      });
    }
    expect(await sendsOf(user.userId)).toHaveLength(0);
    expect(messagesTo(mail.outboxDir, user.email)).toHaveLength(0);
  });

  it('fires user_signup from the first default profile, through the local bus', async () => {
    const user = await signUpAndSignIn('Sam Signup');
    await api('GET', '/profiles/me', { token: user.idToken });
    await api('POST', '/functions/ensure-default-profile', { token: user.idToken, body: {} });
    const sends = await eventually(
      () => sendsOf(user.userId),
      (rows) => rows.some((r) => r.kind === 'user_signup'),
    );
    expect(sends.filter((r) => r.kind === 'user_signup')).toHaveLength(1);
    expect(cloudMessagesTo(user.email).map((m) => m.subject)).toContain('Welcome to Tallywise');
  });

  it('sends the welcome when the default profile comes before the first GET /profiles/me', async () => {
    // The app makes both calls at once on a first sign-in; the welcome was lost when this one won.
    const user = await signUpAndSignIn('Early Bird');
    await api('POST', '/functions/ensure-default-profile', { token: user.idToken, body: {} });
    const sends = await eventually(
      () => sendsOf(user.userId),
      (rows) => rows.some((r) => r.kind === 'user_signup'),
    );
    expect(sends.filter((r) => r.kind === 'user_signup')).toHaveLength(1);
  });
});

describe('the schedules', () => {
  /** The scheduled-email worker over what the schedulers enqueued for `userIds`, as SQS would deliver it. */
  const work = async (mail: TestMail, userIds: string[]) => {
    const mine = mail.enqueued
      .map((e) => e.message as QueueMessage<'scheduledEmail'>)
      .filter((m) => userIds.includes(m.userId));
    for (const message of mine) await sendScheduledEmail(mail.deps, directData(), message);
    return mine;
  };

  it('the daily scan enqueues people last active 7 and 30 days ago, each stretch away written once', async () => {
    const week = await person('Wendy Week');
    const month = await person('Monty Month');
    const today = new Date().toISOString().slice(0, 10);
    const data = directData();
    await data.engagementMetrics
      .update({ user_id: week.userId })
      .set({ last_active_date: addDays(today, -7) })
      .go();
    await data.engagementMetrics
      .update({ user_id: month.userId })
      .set({ last_active_date: addDays(today, -31) })
      .go();
    const mail = testMail();

    await enqueueInactivity(mail.deps, data);
    const messages = await work(mail, [week.userId, month.userId]);

    expect(messages).toEqual([
      { kind: 'inactive_7_days', userId: week.userId, occasion: addDays(today, -7) },
      { kind: 'inactive_30_days', userId: month.userId, occasion: addDays(today, -31) },
    ]);
    expect((await sendsOf(week.userId)).map((s) => s.kind)).toEqual(['inactive_7_days']);
    expect((await sendsOf(month.userId)).map((s) => s.kind)).toEqual(['inactive_30_days']);
    // The next day's scan (or a redelivery) finds the same stretch: nothing more is sent.
    await work(mail, [week.userId]);
    expect(await sendsOf(week.userId)).toHaveLength(1);
  });

  it('the weekly job enqueues each person once and a second delivery sends no second digest', async () => {
    const user = await person('Dee Gest');
    // The first profile records the person for the schedules, as on a first visit.
    await api('POST', '/functions/ensure-default-profile', { token: user.idToken, body: {} });
    const mail = testMail();

    const { enqueued } = await enqueueEveryone(mail.deps, directData(), 'weekly_digest');
    expect(enqueued).toBe(mail.enqueued.length);
    const mine = await work(mail, [user.userId]);
    expect(mine).toHaveLength(1);
    expect((await sendsOf(user.userId)).filter((s) => s.kind === 'weekly_digest')).toHaveLength(1);

    await work(mail, [user.userId]);
    expect((await sendsOf(user.userId)).filter((s) => s.kind === 'weekly_digest')).toHaveLength(1);
  });
});

describe('GET /email-sends', () => {
  it('lists the caller’s e-mails newest first, 50 by default, with campaign and template, paged', async () => {
    const user = await person('Hana History');
    const mail = testMail();
    const start = Date.now();
    for (let i = 0; i < 52; i += 1) {
      mail.setNow(new Date(start + i * 1000));
      await sendEventEmail(mail.deps, directData(), 'inactive_7_days', user.userId, `stretch-${i}`);
    }
    const first = await api<{
      items: Array<{ sent_at: string; campaign: unknown; template: unknown }>;
      next_cursor: string;
    }>('GET', '/email-sends', { token: user.idToken });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(50);
    const times = first.body.items.map((i) => i.sent_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.body.items[0]).toMatchObject({
      campaign: { id: 'inactive_7_days', campaign_type: 're_engagement' },
      template: { id: 'inactive_7_days-v1', template_type: 'react-email' },
    });
    const second = await api<{ items: unknown[]; next_cursor: string | null }>(
      'GET',
      `/email-sends?cursor=${encodeURIComponent(first.body.next_cursor)}`,
      { token: user.idToken },
    );
    expect(second.body.items).toHaveLength(2);
    expect(second.body.next_cursor).toBeNull();
    // Another user sees none of them.
    const other = await person();
    expect(
      (await api<{ items: unknown[] }>('GET', '/email-sends', { token: other.idToken })).body.items,
    ).toEqual([]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('GET shows a page and changes nothing; POST unsubscribes from everything; forged tokens change nothing', async () => {
    const user = await person('Una Unsub');
    const mail = testMail();
    await sendEventEmail(mail.deps, directData(), 'weekly_digest', user.userId, 'w1');
    const [message] = messagesTo(mail.outboxDir, user.email);
    const link = /^<(.+)>$/.exec(message?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(link).toContain('/email/unsubscribe?token=');

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<form method="post"');
    expect((await api('GET', '/preferences/email', { token: user.idToken })).body).toMatchObject({
      weekly_digest: true,
      unsubscribed_at: null,
    });

    const forged = await fetch(link.replace(/token=[^&]+/, 'token=' + 'A'.repeat(43)), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(404);
    expect((await api('GET', '/preferences/email', { token: user.idToken })).body).toMatchObject({
      weekly_digest: true,
    });

    // Another signed-in person cannot use this person's token on their own account's route.
    const stranger = await person('Stan Stranger');
    const refused = await api('POST', '/preferences/email/unsubscribe', {
      token: stranger.idToken,
      body: { token: tokenOf(message?.headers?.['List-Unsubscribe']) },
    });
    expect(refused.status).toBe(403);
    expect((await api('GET', '/preferences/email', { token: stranger.idToken })).body).toMatchObject({
      unsubscribed_at: null,
    });

    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const after = await api<Record<string, unknown>>('GET', '/preferences/email', { token: user.idToken });
    expect(after.body).toMatchObject({
      marketing_emails: false,
      onboarding_emails: false,
      weekly_digest: false,
      monthly_report: false,
      ai_insights: false,
      transaction_summary: false,
    });
    expect(after.body.unsubscribed_at).toEqual(expect.any(String));
    const next = await sendEventEmail(mail.deps, directData(), 'monthly_report', user.userId, 'm1');
    expect(next).toMatchObject({ status: 'skipped', reason: 'unsubscribed' });
  });

  it('POST /preferences/email/unsubscribe sets every flag false for the caller', async () => {
    const user = await person();
    const response = await api('POST', '/preferences/email/unsubscribe', { token: user.idToken, body: {} });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      marketing_emails: false,
      weekly_digest: false,
      ai_insights: false,
    });
  });
});

describe('bounces and complaints', () => {
  it('a hard bounce marks the e-mail bounced and stops non-essential mail', async () => {
    const user = await person('Bo Bounce');
    await directData()
      .profiles.patch({ id: user.userId })
      .set({ email: 'bounce@simulator.amazonses.com' })
      .go();
    const sent = await api('POST', '/functions/sendgrid-email-automation', {
      token: user.idToken,
      body: { trigger_event: 'monthly_report' },
    });
    expect(sent.body).toMatchObject({ status: 'sent' });
    const prefs = await eventually(
      () => api<{ suppressed_at: string | null }>('GET', '/preferences/email', { token: user.idToken }),
      (r) => Boolean(r.body.suppressed_at),
    );
    expect(prefs.body).toMatchObject({ suppression_reason: 'bounce' });
    expect((await sendsOf(user.userId))[0]).toMatchObject({ status: 'bounced' });
    const next = await api('POST', '/functions/sendgrid-email-automation', {
      token: user.idToken,
      body: { trigger_event: 'ai_coach_used' },
    });
    expect(next.body).toMatchObject({ status: 'skipped', reason: 'suppressed' });
  });

  it('a delivered e-mail is marked delivered', async () => {
    const user = await person('Del Ivered');
    await api('POST', '/functions/sendgrid-email-automation', {
      token: user.idToken,
      body: { trigger_event: 'ai_coach_used' },
    });
    const sends = await eventually(
      () => sendsOf(user.userId),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(sends[0]).toMatchObject({ status: 'delivered', delivered_at: expect.any(String) });
  });
});

interface CalendarDayView {
  date: string;
  totals: { actual_out: number };
  planned: Array<{
    amount: number;
    is_reconciled: boolean;
    description: string;
    category_primary: string | null;
    category_detailed: string | null;
  }>;
  balances: { total: { closing: number } | null };
}

describe('weekly digest', () => {
  it('carries the numbers the calendar API answers for the same days', async () => {
    const { user, profileId } = await linkedUser();
    await api('GET', '/profiles/me', { token: user.idToken });
    await generatePlan({ token: user.idToken, profileId });
    await forecastSettled(profileId);
    const sent = await api<{ status: string; email_send_id: string }>(
      'POST',
      '/functions/sendgrid-email-automation',
      {
        token: user.idToken,
        body: { trigger_event: 'weekly_digest' },
      },
    );
    expect(sent.body.status).toBe('sent');
    const row = (await sendsOf(user.userId)).find((s) => s.id === sent.body.email_send_id);
    const figures = row?.metadata as {
      today: string;
      spending_this_week: number;
      average_weekly_spending: number;
      bills_total: number;
      bills: unknown[];
      projected_low: { date: string; amount: number };
    };

    // The calendar API, month by month, over the digest's days.
    const today = figures.today;
    const months = new Set<string>();
    for (let d = addDays(today, -34); d <= addDays(today, 30); d = addDays(d, 1)) months.add(d.slice(0, 7));
    const days = new Map<string, CalendarDayView>();
    for (const month of months) {
      const calendar = await profileApi<{ days: CalendarDayView[] }>(
        'POST',
        '/functions/get-money-plan-calendar',
        {
          token: user.idToken,
          profileId,
          body: { month, view: 'cash' },
        },
      );
      expect(calendar.status).toBe(200);
      for (const day of calendar.body.days) days.set(day.date, day);
    }
    const spent = (from: string, to: string) => {
      let total = 0;
      for (let d = from; d <= to; d = addDays(d, 1)) total -= days.get(d)?.totals.actual_out ?? 0;
      return total;
    };
    expect(figures.spending_this_week).toBe(spent(addDays(today, -6), today));
    expect(figures.average_weekly_spending).toBe(
      Math.round(spent(addDays(today, -34), addDays(today, -7)) / 4),
    );
    let bills = 0;
    for (let d = today; d <= addDays(today, 13); d = addDays(d, 1))
      for (const item of days.get(d)?.planned ?? [])
        // A bill is cash going out: a transfer or a card payment is not one (domain/money/bills.ts).
        if (!item.is_reconciled && isBill(item, null)) bills -= item.amount;
    expect(figures.bills_total).toBe(bills);
    let low = { date: '', amount: Number.POSITIVE_INFINITY };
    for (let d = today; d <= addDays(today, 30); d = addDays(d, 1)) {
      const closing = days.get(d)?.balances.total?.closing;
      if (closing !== undefined && closing < low.amount) low = { date: d, amount: closing };
    }
    expect(figures.projected_low).toEqual(low);
    expect(figures.spending_this_week).toBeGreaterThan(0);

    // And the e-mail shows them.
    const message = cloudMessagesTo(user.email).find((m) => m.kind === 'weekly_digest');
    expect(message?.text).toContain(formatCents(figures.spending_this_week));
    expect(message?.text).toContain(formatCents(figures.bills_total));
    expect(message?.html).toContain(formatCents(low.amount));
  });
});
