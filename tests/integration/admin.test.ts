// The admin area: every admin route × {admin, plain user, group only, is_admin only, signed out}
// answers exactly 2xx/403/403/403/401, a non-admin's bad request is still 403 (the check comes first);
// the dashboard's figures move with sign-ups, visits, a trial, a subscription and a churn, and not with
// a redelivered webhook; actions and rule edits are audited; category rules that would shadow every
// description are refused with nothing changed.
import { AdminAddUserToGroupCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TABLE } from '../../bin/make-admin.ts';
import { PLANS } from '../../domain/subscription.ts';
import { mondayOf } from '../../functions/lib/admin/facts.ts';
import { readFigures, type DashboardFigures } from '../../functions/lib/admin/rollup.ts';
import { catalog } from '../../functions/catalog.ts';
import { cognitoClient } from '../../local/bootstrap.ts';
import { LOCAL_TABLE_NAME } from '../../local/cloud.ts';
import {
  api,
  cloud,
  directData,
  signInWithPassword,
  signUpAdmin,
  signUpAndSignIn,
  type TestUser,
} from './helpers.ts';
import { accessTokenOf, eventually, linkSandboxBank, sandbox } from './plaid-helpers.ts';
import { checkout, deliver, eventsOf, flushWebhooks, sandboxNow, stripeClient } from './stripe-helpers.ts';

interface Sample {
  body?: unknown;
  query?: string;
}

async function signInAgain(user: TestUser): Promise<TestUser> {
  return { ...user, idToken: (await signInWithPassword(user)).idToken };
}

type Figures = {
  generated_at: string;
  users_total: number;
  signups_24h: number;
  signups_30d: number;
  signups_by_day: Array<{ day: string; count: number }>;
  dau: number;
  mau: number;
  paying: number;
  mrr_cents: number;
  items_by_state: Record<string, number>;
};

async function dashboardFigures(admin: TestUser): Promise<Figures> {
  const response = await api<{ figures: Figures }>('GET', '/admin/dashboard', { token: admin.idToken });
  expect(response.status).toBe(200);
  return response.body.figures;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('admin area', () => {
  let admin: TestUser;
  let plain: TestUser;
  let groupOnly: TestUser;
  let flagOnly: TestUser;
  let noticeId: string;

  beforeAll(async () => {
    admin = await signUpAdmin();
    plain = await signUpAndSignIn('Plain User');
    await api('GET', '/profiles/me', { token: plain.idToken });
    // In the `admin` group, but profiles.is_admin false.
    groupOnly = await signUpAndSignIn('Group Only');
    await api('GET', '/profiles/me', { token: groupOnly.idToken });
    const { urls, config } = cloud();
    await cognitoClient(urls.cognito).send(
      new AdminAddUserToGroupCommand({
        UserPoolId: config.userPoolId,
        Username: groupOnly.email,
        GroupName: 'admin',
      }),
    );
    groupOnly = await signInAgain(groupOnly);
    // profiles.is_admin true, but not in the group.
    flagOnly = await signUpAndSignIn('Flag Only');
    await api('GET', '/profiles/me', { token: flagOnly.idToken });
    await directData().profiles.patch({ id: flagOnly.userId }).set({ is_admin: true }).go();
    const created = await api<{ id: string }>('POST', '/admin/notifications', {
      token: admin.idToken,
      body: { title: 'Matrix notice', content: '<p>hi</p>', is_active: false },
    });
    expect(created.status).toBe(201);
    noticeId = created.body.id;
  });

  it('the local table name the operator script uses is the local cloud’s', () => {
    expect(LOCAL_TABLE).toBe(LOCAL_TABLE_NAME);
  });

  it('every admin route × caller: admin 2xx, plain user / group only / is_admin only 403, signed out 401', async () => {
    const samples = (path: string): Sample => {
      const categories = { maps: undefined as unknown, version: 0 };
      const table: Record<string, Sample> = {
        'POST /admin/notifications': { body: { title: 'Matrix', content: '<p>x</p>', is_active: false } },
        'PATCH /admin/notifications/{notificationId}': { body: { priority: 3 } },
        'POST /admin/users/{userId}/actions': { body: { action: 'enable_user' } },
        'PUT /admin/categories': { body: categories },
        'POST /admin/categories/test': { body: { description: 'UBER EATS' } },
        'GET /admin/users': { query: '?q=user-' },
      };
      return table[path] ?? {};
    };
    // The current maps, so the PUT is a valid save.
    const current = await api<{ maps: unknown; version: number }>('GET', '/admin/categories', {
      token: admin.idToken,
    });
    const routes = catalog
      .filter((entry) => entry.caller === 'admin')
      .flatMap((entry) => entry.routes.map((route) => ({ entry, route })));
    expect(routes.length).toBeGreaterThanOrEqual(17);

    const outcomes: Array<{ key: string; who: string; status: number; expected: number | '2xx' }> = [];
    const callers: Array<{ who: string; token?: string; expected: number | '2xx' }> = [
      { who: 'admin', token: admin.idToken, expected: '2xx' },
      { who: 'plain user', token: plain.idToken, expected: 403 },
      { who: 'group only', token: groupOnly.idToken, expected: 403 },
      { who: 'is_admin only', token: flagOnly.idToken, expected: 403 },
      { who: 'signed out', expected: 401 },
    ];
    // Non-admins first: their calls must change nothing the admin's then rely on.
    for (const caller of [...callers.slice(1), callers[0]!]) {
      for (const { route } of routes) {
        const key = `${route.method} ${route.path}`;
        const sample = samples(key);
        let body = sample.body;
        if (key === 'PUT /admin/categories') {
          const latest = await api<{ maps: unknown; version: number }>('GET', '/admin/categories', {
            token: admin.idToken,
          });
          body = { maps: latest.body.maps ?? current.body.maps, version: latest.body.version };
        }
        const path =
          route.path.replace('{userId}', plain.userId).replace('{notificationId}', noticeId) +
          (sample.query ?? '');
        const response = await api(route.method, path, {
          ...(caller.token ? { token: caller.token } : {}),
          ...(body !== undefined ? { body } : {}),
        });
        outcomes.push({ key, who: caller.who, status: response.status, expected: caller.expected });
      }
    }
    const wrong = outcomes.filter((o) =>
      o.expected === '2xx' ? o.status < 200 || o.status >= 300 : o.status !== o.expected,
    );
    const unexpectedAllows = outcomes.filter((o) => o.expected !== '2xx' && o.status < 300).length;
    console.log(
      `admin authorization: ${outcomes.length} cases (${routes.length} routes × ${callers.length} callers), ` +
        `${outcomes.length - wrong.length} exact, ${unexpectedAllows} unexpected allows`,
    );
    expect(wrong).toEqual([]);
    expect(unexpectedAllows).toBe(0);
  });

  it('a non-admin gets 403 before validation or lookup: bad JSON, a missing user, an oversized body', async () => {
    for (const token of [plain.idToken, groupOnly.idToken]) {
      const bad = await api('PUT', '/admin/categories', { token, rawBody: '{not json' });
      expect(bad.status).toBe(403);
      const missing = await api('GET', '/admin/users/no-such-user', { token });
      expect(missing.status).toBe(403);
      const big = await api('POST', '/admin/categories/test', {
        token,
        rawBody: JSON.stringify({ description: 'x'.repeat(70_000) }),
      });
      expect(big.status).toBe(403);
    }
    expect((await api('GET', '/admin/users/no-such-user', { token: admin.idToken })).status).toBe(404);
  });

  it('/profiles/me says is_admin only with both the group and the stored flag', async () => {
    const flag = async (user: TestUser) =>
      (await api<{ is_admin: boolean }>('GET', '/profiles/me', { token: user.idToken })).body.is_admin;
    expect(await flag(admin)).toBe(true);
    expect(await flag(groupOnly)).toBe(false);
    expect(await flag(flagOnly)).toBe(false);
    expect(await flag(plain)).toBe(false);
  });

  it('the dashboard counts sign-ups and visits as they happen; the roll-up keeps the day for the trends', async () => {
    const before = await dashboardFigures(admin);
    const fresh = [await signUpAndSignIn('New One'), await signUpAndSignIn('New Two')];
    for (const user of fresh) await api('GET', '/profiles/me', { token: user.idToken });
    // No roll-up ran: the counters moved with the sign-ups.
    const after = await dashboardFigures(admin);
    expect(after.users_total - before.users_total).toBe(2);
    expect(after.signups_24h - before.signups_24h).toBe(2);
    expect(after.signups_30d - before.signups_30d).toBe(2);
    expect(after.signups_by_day.at(-1)!.count - before.signups_by_day.at(-1)!.count).toBe(2);
    expect(after.dau - before.dau).toBe(2);
    expect(after.mau - before.mau).toBe(2);
    // Visiting again in the same hour is the same active person.
    for (const user of fresh) await api('GET', '/profiles/me', { token: user.idToken });
    expect((await dashboardFigures(admin)).dau).toBe(after.dau);

    const requested = await api('POST', '/admin/rollups', { token: admin.idToken });
    expect(requested.status).toBe(202);
    const today = new Date().toISOString().slice(0, 10);
    const snapshot = await waitFor(
      async () => (await directData().adminSnapshots.get({ day: today }).go()).data,
      (s) => s !== null && (s.figures as { users_total: number }).users_total >= after.users_total,
    );
    expect((snapshot!.figures as { signups_24h: number }).signups_24h).toBeGreaterThanOrEqual(
      after.signups_24h,
    );
    const shown = await api<{ history: Array<{ day: string }>; email: { available: boolean } }>(
      'GET',
      '/admin/dashboard',
      { token: admin.idToken },
    );
    expect(shown.body.history.at(-1)!.day).toBe(today);
    expect(shown.body.email.available).toBe(true);
    const listed = await api<{ items: Array<{ email: string }> }>(
      'GET',
      `/admin/users?q=${encodeURIComponent(fresh[0]!.email)}`,
      { token: admin.idToken },
    );
    expect(listed.body.items.map((u) => u.email)).toEqual([fresh[0]!.email]);
  });

  it('a deleted account leaves the figures, and no admin record names the person', async () => {
    const user = await signUpAndSignIn('Leaving Soon');
    await api('GET', '/profiles/me', { token: user.idToken });
    const before = await dashboardFigures(admin);
    const deleted = await api('POST', '/profiles/me/delete-account', {
      token: user.idToken,
      body: { password: user.password },
    });
    expect(deleted.status).toBe(200);
    const after = await dashboardFigures(admin);
    expect(before.users_total - after.users_total).toBe(1);
    expect(before.signups_24h - after.signups_24h).toBe(1);
    expect(before.dau - after.dau).toBe(1);
    const { data: ledger } = await directData()
      .adminLedgers.get({ subject: `profile:${user.userId}` })
      .go();
    expect(ledger).toBeNull();
  });

  it('a trial, a subscription and a churn move the figures once each, however often they are redelivered', async () => {
    // Billing dates come from the Stripe sandbox's clock, which other suites move ahead: the figures are
    // read from the counters as of that clock (the dashboard reads the same counters as of the server's).
    const figures = async () => readFigures(directData(), await sandboxNow());
    const week = async (f: DashboardFigures) => {
      const monday = mondayOf((await sandboxNow()).getTime());
      return f.trial_cohorts.find((c) => c.week === monday) ?? { week: monday, trials: 0, paid: 0 };
    };
    const start = await figures();

    const trialist = await signUpAndSignIn('Trialist');
    await api('GET', '/profiles/me', { token: trialist.idToken });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // The second start is a retry of the first: the same trial, counted once.
      const started = await api('POST', '/functions/start-trial', { token: trialist.idToken, body: {} });
      expect(started.status).toBe(200);
    }
    const trialing = await figures();
    expect(trialing.trials_started_30d - start.trials_started_30d).toBe(1);
    expect((await week(trialing)).trials - (await week(start)).trials).toBe(1);
    expect(trialing.paying).toBe(start.paying);

    // Someone whose trial ran out long ago: checkout starts a paid subscription at once.
    const user = await signUpAndSignIn('Subscriber');
    await api('GET', '/profiles/me', { token: user.idToken });
    await directData()
      .subscribers.put({
        user_id: user.userId,
        status: 'none',
        subscribed: false,
        trial_used: true,
        cancel_at_period_end: false,
      })
      .go();
    const paid = await checkout(user, { price: 'plus_monthly' });
    expect(paid.trialDays).toBe(0);
    const paying = await figures();
    expect(paying.paying - start.paying).toBe(1);
    expect(paying.mrr_cents - start.mrr_cents).toBe(
      PLANS.find((p) => p.lookup_key === 'plus_monthly')!.amount_cents,
    );
    const shown = await dashboardFigures(admin);
    expect({ paying: shown.paying, mrr_cents: shown.mrr_cents }).toEqual({
      paying: paying.paying,
      mrr_cents: paying.mrr_cents,
    });

    // Every event about this customer delivered again (their ids forgotten, so each is handled again and
    // rebuilds the record): nothing moves.
    const { data: record } = await directData().subscribers.get({ user_id: user.userId }).go();
    const events = await eventsOf(record!.stripe_customer_id!);
    expect(events.length).toBeGreaterThan(2);
    for (const event of events) {
      await directData().stripeEvents.delete({ event_id: event.id }).go();
      const again = await deliver(JSON.stringify(await stripeClient().events.retrieve(event.id)));
      expect(again.status).toBe(200);
    }
    const redelivered = await figures();
    expect({ ...redelivered, generated_at: '' }).toEqual({ ...paying, generated_at: '' });

    await stripeClient().subscriptions.cancel(record!.stripe_subscription_id!);
    await flushWebhooks();
    const churned = await figures();
    expect(churned.paying).toBe(start.paying);
    expect(churned.mrr_cents).toBe(start.mrr_cents);
    expect(churned.churned_30d - start.churned_30d).toBe(1);
    expect(churned.churn_rate_30d).toBeCloseTo(churned.churned_30d / (churned.paying + churned.churned_30d));
  });

  it('a linked bank counts by its state; a login error flags it once, however often Plaid says so', async () => {
    type Health = { counts: Record<string, number>; items: Array<{ subject_id: string; detail: string }> };
    const health = async () =>
      (
        await api<Health>('GET', '/admin/user-health?flag=login_required&limit=100', {
          token: admin.idToken,
        })
      ).body;
    const items = async () => (await dashboardFigures(admin)).items_by_state;
    const start = { items: await items(), health: await health() };
    const user = await signUpAndSignIn('Bank Person');
    await api('GET', '/profiles/me', { token: user.idToken });
    const bank = await linkSandboxBank(user);
    const linked = await items();
    expect((linked.active ?? 0) - (start.items.active ?? 0)).toBe(1);

    const token = await accessTokenOf(bank.itemId);
    const webhookAfter = async (since: string) =>
      eventually(
        async () => (await directData().plaidItems.get({ id: bank.itemId }).go()).data,
        (item) => item?.status === 'login_required' && (item.last_webhook_at ?? '') > since,
      );
    const firstSince = new Date().toISOString();
    await sandbox('/sandbox/item/reset_login', { access_token: token });
    await webhookAfter(firstSince);
    const flagged = await eventually(health, (h) => h.items.some((f) => f.subject_id === bank.itemId));
    // Plaid says it again: the same flag, the same counts.
    const secondSince = new Date().toISOString();
    await sandbox('/sandbox/item/reset_login', { access_token: token });
    await webhookAfter(secondSince);
    const again = await health();
    expect(again.items.filter((f) => f.subject_id === bank.itemId)).toHaveLength(1);
    expect(again.counts.login_required! - start.health.counts.login_required!).toBe(1);
    expect(flagged.counts.login_required).toBe(again.counts.login_required);
    const after = await items();
    expect((after.login_required ?? 0) - (start.items.login_required ?? 0)).toBe(1);
    expect(after.active ?? 0).toBe(start.items.active ?? 0);
  });

  it('grant and revoke admin change both marks and leave audit records with before and after', async () => {
    const target = await signUpAndSignIn('Promoted');
    await api('GET', '/profiles/me', { token: target.idToken });
    const granted = await api<{
      before: { is_admin: boolean };
      after: { is_admin: boolean; groups: string[] };
    }>('POST', `/admin/users/${target.userId}/actions`, {
      token: admin.idToken,
      body: { action: 'grant_admin' },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.before.is_admin).toBe(false);
    expect(granted.body.after).toMatchObject({ is_admin: true, groups: ['admin'] });
    const promoted = await signInAgain(target);
    const system = await api<{ build_version: string }>('GET', '/admin/system', { token: promoted.idToken });
    expect(system.status).toBe(200);
    // The server build is named (infra/build-version.ts): the local cloud runs the checked-out commit.
    expect(system.body.build_version).toMatch(/^local-([0-9a-f]{7,}|unknown)$/);

    const revoked = await api('POST', `/admin/users/${target.userId}/actions`, {
      token: admin.idToken,
      body: { action: 'revoke_admin' },
    });
    expect(revoked.status).toBe(200);
    // A token issued while in the group no longer opens the admin routes: the stored flag is gone.
    expect((await api('GET', '/admin/system', { token: promoted.idToken })).status).toBe(403);

    const beforeDisable = await signInAgain(target);
    expect((await api('GET', '/profiles/me', { token: beforeDisable.idToken })).status).toBe(200);
    const disabled = await api('POST', `/admin/users/${target.userId}/actions`, {
      token: admin.idToken,
      body: { action: 'disable_user' },
    });
    expect(disabled.status).toBe(200);
    // A disabled person's unexpired ID token no longer opens anything.
    expect((await api('GET', '/profiles/me', { token: beforeDisable.idToken })).status).toBe(401);
    const { urls, config } = cloud();
    const state = await cognitoClient(urls.cognito).send(
      new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: target.email }),
    );
    expect(state.Enabled).toBe(false);

    const { data: audit } = await directData().adminAudit.query.byTarget({ target_id: target.userId }).go();
    expect(audit.map((a) => a.action).sort()).toEqual(['disable_user', 'grant_admin', 'revoke_admin']);
    for (const entry of audit) {
      expect(entry.actor_user_id).toBe(admin.userId);
      expect(entry.actor_email).toBe(admin.email);
      expect(entry.before).toBeTruthy();
      expect(entry.after).toBeTruthy();
    }
    const timeline = await api<{ items: Array<{ kind: string; title: string }> }>(
      'GET',
      `/admin/users/${target.userId}/timeline`,
      { token: admin.idToken },
    );
    expect(timeline.body.items.filter((e) => e.kind === 'admin_action')).toHaveLength(3);
    expect(timeline.body.items.at(-1)).toMatchObject({ kind: 'signup' });
  });

  it('resend verification is refused for an address already confirmed', async () => {
    const confirmed = await api('POST', `/admin/users/${plain.userId}/actions`, {
      token: admin.idToken,
      body: { action: 'resend_verification' },
    });
    expect(confirmed.status).toBe(409);
  });

  it('an admin cannot revoke their own admin rights or disable themself', async () => {
    const response = await api('POST', `/admin/users/${admin.userId}/actions`, {
      token: admin.idToken,
      body: { action: 'revoke_admin' },
    });
    expect(response.status).toBe(409);
  });

  it('category rules: a shadowing keyword is refused and nothing changes; a valid edit moves the test result', async () => {
    type Maps = { descriptionMap: Record<string, string>; keywords: Record<string, string[]> };
    const read = () =>
      api<{ maps: Maps; version: number }>('GET', '/admin/categories', { token: admin.idToken });
    const start = await read();
    const test = (description: string) =>
      api<{ category: string; rule: string; matched?: string }>('POST', '/admin/categories/test', {
        token: admin.idToken,
        body: { description },
      });
    expect((await test('ZEPHYR SPACEPORT 88')).body.rule).toBe('default');

    const shadow = structuredClone(start.body.maps);
    shadow.keywords.travel = [...(shadow.keywords.travel ?? []), 'e'];
    const refused = await api<{ issues: Array<{ field: string }> }>('PUT', '/admin/categories', {
      token: admin.idToken,
      body: { maps: shadow, version: start.body.version },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((i) => i.field)).toContain('keywords.travel.e');
    expect((await read()).body.version).toBe(start.body.version);

    const edited = structuredClone(start.body.maps);
    edited.keywords.travel = [...(edited.keywords.travel ?? []), 'zephyr spaceport'];
    const saved = await api<{ version: number }>('PUT', '/admin/categories', {
      token: admin.idToken,
      body: { maps: edited, version: start.body.version },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(start.body.version + 1);
    expect((await test('ZEPHYR SPACEPORT 88')).body).toMatchObject({
      category: 'travel',
      rule: 'keyword_substring',
      matched: 'zephyr spaceport',
    });
    // A save from the old version is refused: the edit it would overwrite is not lost.
    const stale = await api('PUT', '/admin/categories', {
      token: admin.idToken,
      body: { maps: start.body.maps, version: start.body.version },
    });
    expect(stale.status).toBe(409);
    const { data: audit } = await directData().adminAudit.query.byTarget({ target_id: 'budget_maps' }).go();
    expect(audit.some((a) => (a.after as { version: number }).version === saved.body.version)).toBe(true);
  });

  it('notice edits are audited; e-mail analytics come from the counters', async () => {
    const { data: audit } = await directData().adminAudit.query.byTarget({ target_id: noticeId }).go();
    expect(audit.map((a) => a.action)).toContain('create_notice');
    const email = await api<{ available: boolean; sent: number; bounced: number }>(
      'GET',
      '/admin/email-analytics',
      {
        token: admin.idToken,
      },
    );
    expect(email.body.available).toBe(true);
    expect(email.body.sent).toBeGreaterThanOrEqual(0);
  });
});
