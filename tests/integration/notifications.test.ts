// In-app notices: admins define them; users see the ones for their page in their window, most
// important first, until they dismiss them (spec §2, §4, §5 notification query).
import { describe, expect, it } from 'vitest';
import { api, signUpAdmin, signUpAndSignIn, type TestUser } from './helpers.ts';

interface Notice {
  id: string;
  title: string;
  target_page: string;
}

const admin = (): Promise<TestUser> => signUpAdmin();

const hour = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * hour).toISOString();

async function createNotice(token: string, body: Record<string, unknown>) {
  const response = await api<Notice>('POST', '/admin/notifications', { token, body });
  expect(response.status).toBe(201);
  return response.body;
}

describe('in-app notices', () => {
  it('only admins manage notices', async () => {
    const user = await signUpAndSignIn();
    const response = await api('POST', '/admin/notifications', {
      token: user.idToken,
      body: { title: 't', content: 'c' },
    });
    expect(response.status).toBe(403);
  });

  it('shows a page its own and "all" notices within their window, by priority then newest, until dismissed', async () => {
    const boss = await admin();
    const tag = `t-${Date.now()}`;
    const low = await createNotice(boss.idToken, {
      title: `${tag} low`,
      content: '<p>a</p>',
      target_page: 'calendar',
      priority: 1,
    });
    const high = await createNotice(boss.idToken, {
      title: `${tag} high`,
      content: '<p>b</p>',
      target_page: 'all',
      priority: 5,
    });
    await createNotice(boss.idToken, { title: `${tag} other page`, content: 'x', target_page: 'settings' });
    await createNotice(boss.idToken, {
      title: `${tag} future`,
      content: 'x',
      target_page: 'calendar',
      start_date: at(2),
    });
    await createNotice(boss.idToken, {
      title: `${tag} ended`,
      content: 'x',
      target_page: 'calendar',
      start_date: at(-5),
      end_date: at(-1),
    });
    await createNotice(boss.idToken, {
      title: `${tag} inactive`,
      content: 'x',
      target_page: 'calendar',
      is_active: false,
    });
    const user = await signUpAndSignIn();
    const shown = async () =>
      (
        await api<{ notifications: Notice[] }>('GET', '/notifications?page=calendar', { token: user.idToken })
      ).body.notifications
        .filter((n) => n.title.startsWith(tag))
        .map((n) => n.title);

    expect(await shown()).toEqual([`${tag} high`, `${tag} low`]);
    const dismissed = await api('POST', `/notifications/${high.id}/dismissals`, { token: user.idToken });
    await api('POST', `/notifications/${high.id}/dismissals`, { token: user.idToken });
    expect(dismissed.status).toBe(201);
    expect(await shown()).toEqual([`${tag} low`]);

    const moved = await api('PATCH', `/admin/notifications/${low.id}`, {
      token: boss.idToken,
      body: { target_page: 'settings' },
    });
    expect(moved.status).toBe(200);
    expect(await shown()).toEqual([]);
  });

  it('refuses an unknown page and an unknown notice', async () => {
    const user = await signUpAndSignIn();
    expect((await api('GET', '/notifications?page=nowhere', { token: user.idToken })).status).toBe(400);
    expect((await api('POST', '/notifications/nope/dismissals', { token: user.idToken })).status).toBe(404);
  });
});
