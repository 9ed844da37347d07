// Alerts (spec §7 smart-alert-batching, §3 alert_preferences, §9 priorities 1 to 4):
// delivery by preference (immediate, hourly, daily), smart batching, the in-app list with its unread
// count, and the low-balance alert on the forecast's next 30 days, raised once per low point.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/money/dates.ts';
import { deliverDueAlerts, enqueueDueAlerts } from '../../functions/lib/alerts/alerts.ts';
import { api, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { cloudMessagesTo, eventually, messagesTo, testMail } from './email-helpers.ts';
import { defaultProfile, forecastSettled, profileApi, runJobCall } from './money-helpers.ts';

interface AlertView {
  id: string;
  kind: string;
  priority: number;
  status: string;
  delivery: string;
  title: string;
  deliver_after: string | null;
  read_at: string | null;
}
interface AlertList {
  items: AlertView[];
  unread_count: number;
}

async function person(name: string): Promise<TestUser> {
  const user = await signUpAndSignIn(name);
  await api('GET', '/profiles/me', { token: user.idToken });
  return user;
}

const raise = (user: TestUser, body: Record<string, unknown>) =>
  api<Record<string, unknown>>('POST', '/functions/smart-alert-batching', { token: user.idToken, body });

const alertsOf = async (user: TestUser) =>
  (await api<AlertList>('GET', '/alerts', { token: user.idToken })).body;

describe('smart-alert-batching', () => {
  it('refuses a priority that is not its type’s and alert data it does not know, naming the field', async () => {
    const user = await person('Val Idation');
    const mismatch = await raise(user, {
      alert_type: 'critical_financial_alert',
      alert_data: { title: 't', message: 'm' },
      priority: 3,
    });
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.body)).toContain('priority');
    const unknown = await raise(user, {
      alert_type: 'low_priority_alert',
      alert_data: { title: 't', message: 'm', html: '<b>' },
      priority: 4,
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('alert_data');
    expect((await alertsOf(user)).items).toEqual([]);
  });

  it('delivers a critical alert at once (in the app and by e-mail) and queues the rest for their batch', async () => {
    const user = await person('Ima Mediate');
    const critical = await raise(user, {
      alert_type: 'critical_financial_alert',
      alert_data: { title: 'Overdraft ahead', message: 'Your balance goes negative on Friday.' },
      priority: 1,
    });
    expect(critical.body).toMatchObject({ success: true, status: 'delivered', delivery: 'immediate' });
    const low = await raise(user, {
      alert_type: 'low_priority_alert',
      alert_data: { title: 'Tip', message: 'Round-ups add up.' },
      priority: 4,
    });
    expect(low.body).toMatchObject({ status: 'queued', delivery: 'daily' });
    expect(String(low.body.deliver_after)).toMatch(/T13:00:00.000Z$/);
    const forced = await raise(user, {
      alert_type: 'low_priority_alert',
      alert_data: { title: 'Now please', message: 'm' },
      priority: 4,
      force_immediate: true,
    });
    expect(forced.body).toMatchObject({ status: 'delivered', delivery: 'immediate' });

    const list = await alertsOf(user);
    expect(list.items.map((a) => a.title)).toEqual(['Now please', 'Tip', 'Overdraft ahead']);
    expect(list.unread_count).toBe(3);
    const mails = await eventually(
      async () => cloudMessagesTo(user.email),
      (m) => m.length >= 2,
    );
    expect(mails.map((m) => m.subject).sort()).toEqual(['Now please', 'Overdraft ahead']);

    const read = await api('POST', '/alerts/read', {
      token: user.idToken,
      body: { ids: [list.items[2]!.id] },
    });
    expect(read.body).toMatchObject({ marked: 1, unread_count: 2 });
    await api('POST', '/alerts/read', { token: user.idToken, body: { all: true } });
    expect((await alertsOf(user)).unread_count).toBe(0);
  });

  it('sends a due batch as one e-mail, merging one kind with smart batching and not without', async () => {
    for (const smart of [true, false]) {
      const user = await person(smart ? 'Sma Rt' : 'Plain Batch');
      await api('PUT', '/preferences/alerts', {
        token: user.idToken,
        body: { high_alert_frequency: 'hourly', enable_smart_batching: smart },
      });
      for (const [kind, title] of [
        ['unusual_transaction', 'Large: $900 at Shop'],
        ['unusual_transaction', 'Large: $700 at Store'],
        ['bank_relogin', 'First Platypus needs you to sign in again'],
      ])
        expect(
          (
            await raise(user, {
              alert_type: 'high_priority_alert',
              alert_data: { title, message: title, kind },
              priority: 2,
            })
          ).body,
        ).toMatchObject({ status: 'queued', delivery: 'hourly' });

      const mail = testMail();
      // Not yet due: nothing leaves.
      expect(await deliverDueAlerts(mail.deps, directData(), user.userId)).toEqual({ people: 0, alerts: 0 });
      await enqueueDueAlerts(mail.deps, directData());
      expect(mail.enqueued.filter((e) => JSON.stringify(e).includes(user.userId))).toEqual([]);
      mail.setNow(new Date(Date.now() + 3_600_000));
      // The hourly scheduler puts the person on the alert-delivery queue once, however many alerts wait.
      await enqueueDueAlerts(mail.deps, directData());
      expect(mail.enqueued.filter((e) => JSON.stringify(e).includes(user.userId))).toEqual([
        { queue: 'alertDelivery', message: { userId: user.userId } },
      ]);
      expect(await deliverDueAlerts(mail.deps, directData(), user.userId)).toEqual({ people: 1, alerts: 3 });
      const [batch, ...more] = messagesTo(mail.outboxDir, user.email);
      expect(more).toEqual([]);
      expect(batch?.subject).toBe('3 Tallywise alerts');
      const sections = (batch?.text.match(/^High: /gm) ?? []).length;
      expect(sections).toBe(smart ? 2 : 3);
      const list = await alertsOf(user);
      expect(list.items.every((a) => a.status === 'delivered')).toBe(true);
      // Delivered alerts are not delivered again.
      expect(await deliverDueAlerts(mail.deps, directData(), user.userId)).toEqual({ people: 0, alerts: 0 });
    }
  });
});

describe('low-balance alert', () => {
  async function scenario(name: string, criticalFrequency: 'immediate' | 'daily') {
    const user = await person(name);
    const profileId = await defaultProfile(user);
    await api('PUT', '/preferences/alerts', {
      token: user.idToken,
      body: { critical_alert_frequency: criticalFrequency },
    });
    // No bank: the cash forecast is the planned items alone. Threshold $0, then $1,000 coming in.
    expect(
      (
        await profileApi('PUT', '/money-plan/settings', {
          token: user.idToken,
          profileId,
          body: { low_balance_threshold: 0 },
        })
      ).status,
    ).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    await profileApi('POST', '/money-plan/items', {
      token: user.idToken,
      profileId,
      body: { description: 'Paycheck', amount: 100_000, due_date: addDays(today, 1), account_id: null },
    });
    await forecastSettled(profileId);
    await runJobCall('/running-balances/regenerate', { token: user.idToken, profileId });
    await forecastSettled(profileId);
    return { user, profileId, today };
  }

  const lowAlerts = async (user: TestUser) =>
    (await alertsOf(user)).items.filter((a) => a.kind === 'low_balance');

  it('fires once when a planned expense pushes the 30-day low under the threshold, not per regeneration', async () => {
    const { user, profileId, today } = await scenario('Lo Balance', 'immediate');
    expect(await lowAlerts(user)).toEqual([]);

    await profileApi('POST', '/money-plan/items', {
      token: user.idToken,
      profileId,
      body: { description: 'Car repair', amount: -150_000, due_date: addDays(today, 10), account_id: null },
    });
    const alerts = await eventually(
      () => lowAlerts(user),
      (list) => list.length > 0,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ priority: 1, status: 'delivered', delivery: 'immediate' });
    expect(alerts[0]?.title).toContain('negative');

    // Regenerating the same forecast again raises nothing new.
    for (let i = 0; i < 2; i += 1) {
      await runJobCall('/running-balances/regenerate', { token: user.idToken, profileId });
      await forecastSettled(profileId);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await lowAlerts(user)).toHaveLength(1);
    const mails = cloudMessagesTo(user.email).filter((m) => m.kind === 'alert');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('-$500.00');
  });

  it('waits for the daily batch when the person chose daily for critical alerts', async () => {
    const { user, profileId, today } = await scenario('Dai Ly', 'daily');
    await profileApi('POST', '/money-plan/items', {
      token: user.idToken,
      profileId,
      body: { description: 'Tax bill', amount: -150_000, due_date: addDays(today, 5), account_id: null },
    });
    const alerts = await eventually(
      () => lowAlerts(user),
      (list) => list.length > 0,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ status: 'queued', delivery: 'daily' });
    expect(alerts[0]?.deliver_after).toMatch(/T13:00:00.000Z$/);
    expect(cloudMessagesTo(user.email).filter((m) => m.kind === 'alert')).toEqual([]);
  });
});
