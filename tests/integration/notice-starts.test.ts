// A notice scheduled for later reaches open browsers when it starts (docs/realtime.md): the save
// pushes nothing while it cannot show; the `notice-starts` sweep pushes it once its start has come, once.
// The sweep runs here against the suite's DynamoDB Local with a clock the test sets and a bus that keeps
// what it is given (what the realtime publisher does with NoticePublished is tests/integration/realtime).
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimePush, RealtimeServerMessage } from '../../events/realtime.ts';
import { announceStartedNotices } from '../../functions/lib/notifications.ts';
import { api, cloud, directData, signUpAdmin, signUpAndSignIn } from './helpers.ts';

const opened: WebSocket[] = [];
afterAll(() => opened.forEach((ws) => ws.terminate()));

/** An open realtime socket of a signed-in person and the pushes it receives. */
async function listen(token: string): Promise<RealtimePush[]> {
  const pushes: RealtimePush[] = [];
  const ws = new WebSocket(`${cloud().config.realtimeUrl}?token=${encodeURIComponent(token)}`);
  opened.push(ws);
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as RealtimeServerMessage;
    if (message.type === 'event') pushes.push(message);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return pushes;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sweepAt(at: Date) {
  const published: Array<{ type: string; detail: unknown }> = [];
  const deps = {
    clock: () => at,
    events: {
      publish: async (type: string, detail: unknown) => {
        published.push({ type, detail });
      },
    },
  };
  return announceStartedNotices(deps as Parameters<typeof announceStartedNotices>[0], directData()).then(
    (result) => ({ ...result, published }),
  );
}

describe('a notice scheduled for later', () => {
  it('is pushed when it starts, once, not when it is saved', async () => {
    const [admin, reader] = await Promise.all([signUpAdmin(), signUpAndSignIn('Reader')]);
    const pushes = await listen(reader.idToken);
    const startsAt = new Date(Date.now() + 10 * 60_000);
    const created = await api<{ id: string; start_pushed_for?: string }>('POST', '/admin/notifications', {
      token: admin.idToken,
      body: {
        title: 'Maintenance tonight',
        content: '<p>Back by 2 am.</p>',
        target_page: 'calendar',
        start_date: startsAt.toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;

    // Saved: nothing to show yet, so nothing is pushed (a live notice's save is: tests/e2e/realtime).
    await pause(1_000);
    expect(pushes.filter((p) => p.event === 'NoticePublished')).toHaveLength(0);
    const ofThis = (published: Array<{ detail: unknown }>) =>
      published.filter((p) => (p.detail as { notificationId: string }).notificationId === id);
    expect(ofThis((await sweepAt(new Date(startsAt.getTime() - 1_000))).published)).toHaveLength(0);

    // Its start comes: the sweep pushes it, once; the next minute's sweep does not again.
    const first = await sweepAt(new Date(startsAt.getTime() + 30_000));
    expect(ofThis(first.published)).toEqual([
      { type: 'NoticePublished', detail: { notificationId: id, targetPage: 'calendar' } },
    ]);
    expect(ofThis((await sweepAt(new Date(startsAt.getTime() + 90_000))).published)).toHaveLength(0);
    const { data: stored } = await directData().userNotifications.get({ id }).go();
    expect(stored?.start_pushed_for).toBe(startsAt.toISOString());

    // Moved to a later start, it is pushed again when that start comes.
    const later = new Date(startsAt.getTime() + 60 * 60_000);
    const moved = await api('PATCH', `/admin/notifications/${id}`, {
      token: admin.idToken,
      body: { start_date: later.toISOString() },
    });
    expect(moved.status).toBe(200);
    expect(ofThis((await sweepAt(new Date(later.getTime() + 10_000))).published)).toHaveLength(1);
  });

  it('an inactive notice, or one already over, is not pushed when its start passes', async () => {
    const admin = await signUpAdmin();
    const startsAt = new Date(Date.now() + 20 * 60_000);
    const notice = (body: Record<string, unknown>) =>
      api<{ id: string }>('POST', '/admin/notifications', {
        token: admin.idToken,
        body: { title: 'Later', content: '<p>x</p>', start_date: startsAt.toISOString(), ...body },
      });
    const inactive = await notice({ is_active: false });
    const over = await notice({ end_date: new Date(startsAt.getTime() + 1_000).toISOString() });
    const { published } = await sweepAt(new Date(startsAt.getTime() + 5_000));
    const ids = published.map((p) => (p.detail as { notificationId: string }).notificationId);
    expect(ids).not.toContain(inactive.body.id);
    expect(ids).not.toContain(over.body.id);
  });
});
