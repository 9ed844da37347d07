// Financial profiles, members and invitations through the gateway, as the SPA calls them.
import { describe, expect, it } from 'vitest';
import { defaultProfileId } from '../../functions/lib/data/entities/financial-profile.ts';
import { api, directData, signUpAndSignIn, type TestUser } from './helpers.ts';

interface Profile {
  id: string;
  name: string;
  is_default: boolean;
  member_role: string;
  member_count: number;
}
interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

const data = directData();

async function outboxLinkFor(email: string): Promise<string> {
  const { body } = await api<OutboxMessage[]>('GET', '/__outbox');
  const message = body.find((m) => m.to === email.toLowerCase() && m.kind === 'profile_invitation');
  const link = /https?:\/\/\S+\/invite\/accept\?token=[\w-]+/.exec(message?.text ?? '')?.[0];
  if (!link) throw new Error(`no invitation e-mail to ${email}`);
  return link;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function ownerWithProfile(name = 'Household'): Promise<{ owner: TestUser; profile: Profile }> {
  const owner = await signUpAndSignIn('Olivia Owner');
  const { body: profile } = await api<Profile>('POST', '/financial-profiles', {
    token: owner.idToken,
    body: { name },
  });
  return { owner, profile };
}

async function invite(owner: TestUser, profileId: string, email: string, role: 'viewer' | 'editor') {
  const response = await api<{ id: string; invite_url: string; status: string }>(
    'POST',
    `/financial-profiles/${profileId}/invitations`,
    { token: owner.idToken, body: { email, role } },
  );
  expect(response.status).toBe(201);
  return response.body;
}

describe('profile loading', () => {
  it('starts empty; ensure-default-profile creates exactly one default under ten concurrent calls', async () => {
    const user = await signUpAndSignIn();
    expect((await api('GET', '/financial-profiles', { token: user.idToken })).body).toEqual([]);

    const calls = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<{ profile: Profile }>('POST', '/functions/ensure-default-profile', {
          token: user.idToken,
          body: {},
        }),
      ),
    );

    expect(calls.map((c) => c.status)).toEqual(Array(10).fill(200));
    expect(new Set(calls.map((c) => c.body.profile.id))).toEqual(new Set([defaultProfileId(user.userId)]));
    const { data: owned } = await data.financialProfiles.query.byOwner({ owner_user_id: user.userId }).go();
    expect(owned).toHaveLength(1);
    const { body: list } = await api<Profile[]>('GET', '/financial-profiles', { token: user.idToken });
    expect(list).toEqual([
      expect.objectContaining({ name: 'Personal', is_default: true, member_role: 'owner', member_count: 1 }),
    ]);
  });

  it('lists the default first, then owned profiles oldest first, then member profiles', async () => {
    const user = await signUpAndSignIn();
    await api('POST', '/financial-profiles', { token: user.idToken, body: { name: 'Side business' } });
    await api('POST', '/functions/ensure-default-profile', { token: user.idToken, body: {} });
    await api('POST', '/financial-profiles', { token: user.idToken, body: { name: 'Travel fund' } });

    const { body } = await api<Profile[]>('GET', '/financial-profiles', { token: user.idToken });

    expect(body.map((p) => p.name)).toEqual(['Personal', 'Side business', 'Travel fund']);
  });

  it('names the bad field when creating without a name, and creates nothing', async () => {
    const user = await signUpAndSignIn();
    const response = await api<{ issues: unknown[] }>('POST', '/financial-profiles', {
      token: user.idToken,
      body: { name: '   ' },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ field: 'name', message: 'Please enter a profile name' }]);
    expect((await api<Profile[]>('GET', '/financial-profiles', { token: user.idToken })).body).toEqual([]);
  });

  it('archiving the active profile answers the next one: the default, else the first remaining, else none', async () => {
    const user = await signUpAndSignIn();
    const { body: side } = await api<Profile>('POST', '/financial-profiles', {
      token: user.idToken,
      body: { name: 'Side' },
    });
    const { body: other } = await api<Profile>('POST', '/financial-profiles', {
      token: user.idToken,
      body: { name: 'Other' },
    });
    const archive = (profileId: string) =>
      api<{ next_active_profile_id: string | null }>('POST', '/functions/archive-financial-profile', {
        token: user.idToken,
        body: { profileId },
      });

    expect((await archive(side.id)).body.next_active_profile_id).toBe(other.id);
    const { body: def } = await api<{ profile: Profile }>('POST', '/functions/ensure-default-profile', {
      token: user.idToken,
      body: {},
    });
    expect((await archive(other.id)).body.next_active_profile_id).toBe(def.profile.id);
    expect((await archive(def.profile.id)).body.next_active_profile_id).toBeNull();
    expect((await api<Profile[]>('GET', '/financial-profiles', { token: user.idToken })).body).toEqual([]);
    // An archived profile is gone for every purpose.
    expect(
      (await api('PATCH', `/financial-profiles/${side.id}`, { token: user.idToken, body: { name: 'x' } }))
        .status,
    ).toBe(404);
  });
});

describe('invitations', () => {
  it('invite → e-mail → lookup → accept: the invitee becomes a viewer and the owner sees member_count 2', async () => {
    const { owner, profile } = await ownerWithProfile();
    const invitee = await signUpAndSignIn('Vera Viewer');

    const created = await invite(owner, profile.id, invitee.email.toUpperCase(), 'viewer');
    const link = await outboxLinkFor(invitee.email);
    expect(created.invite_url).toBe(link);
    const lookup = await api('GET', `/invitations/${tokenOf(link)}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({
      invited_email: invitee.email,
      profile_id: profile.id,
      role: 'viewer',
      profile_name: 'Household',
    });

    const accepted = await api('POST', `/invitations/${tokenOf(link)}/accept`, {
      token: invitee.idToken,
      body: {},
    });

    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ profile_id: profile.id, role: 'viewer' });
    const { body: ownerList } = await api<Profile[]>('GET', '/financial-profiles', { token: owner.idToken });
    expect(ownerList.find((p) => p.id === profile.id)?.member_count).toBe(2);
    const { body: inviteeList } = await api<Profile[]>('GET', '/financial-profiles', {
      token: invitee.idToken,
    });
    expect(inviteeList).toEqual([
      expect.objectContaining({ id: profile.id, member_role: 'viewer', member_count: 2 }),
    ]);
    const { data: events } = await data.securityEvents.query.byUser({ user_id: invitee.userId }).go();
    expect(events.map((e) => e.event_type).sort()).toEqual(['invite_accepted', 'member_added']);
  });

  it('refuses a reused token, changing nothing', async () => {
    const { owner, profile } = await ownerWithProfile();
    const invitee = await signUpAndSignIn();
    await invite(owner, profile.id, invitee.email, 'editor');
    const token = tokenOf(await outboxLinkFor(invitee.email));
    await api('POST', `/invitations/${token}/accept`, { token: invitee.idToken, body: {} });

    const again = await api('POST', `/invitations/${token}/accept`, { token: invitee.idToken, body: {} });
    const lookup = await api('GET', `/invitations/${token}`);

    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'This invitation has already been used.' });
    expect(lookup.status).toBe(409);
  });

  it('refuses the wrong e-mail, an invalid token, an expired token and a cancelled one, changing nothing', async () => {
    const { owner, profile } = await ownerWithProfile();
    const invitee = await signUpAndSignIn();
    const stranger = await signUpAndSignIn();
    const invitation = await invite(owner, profile.id, invitee.email, 'viewer');
    const token = tokenOf(invitation.invite_url);

    const wrongEmail = await api('POST', `/invitations/${token}/accept`, {
      token: stranger.idToken,
      body: { email: stranger.email },
    });
    // Holding the link and naming the invited address (the public lookup shows it) is
    // not enough; only the person signed in with that address may accept.
    const linkHolder = await api('POST', `/invitations/${token}/accept`, {
      token: stranger.idToken,
      body: { email: invitee.email },
    });
    const linkHolderUpper = await api('POST', `/invitations/${token}/accept`, {
      token: stranger.idToken,
      body: { email: invitee.email.toUpperCase() },
    });
    const invalid = await api('POST', `/invitations/${'x'.repeat(43)}/accept`, {
      token: invitee.idToken,
      body: {},
    });
    await data.profileInvitations
      .patch({ profile_id: profile.id, id: invitation.id })
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .go();
    const expired = await api('POST', `/invitations/${token}/accept`, { token: invitee.idToken, body: {} });
    const second = await invite(owner, profile.id, 'someone@example.com', 'viewer');
    await api('DELETE', `/financial-profiles/${profile.id}/invitations/${second.id}`, {
      token: owner.idToken,
    });
    const cancelled = await api('GET', `/invitations/${tokenOf(second.invite_url)}`);

    expect(wrongEmail).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining('different email address') },
    });
    expect([linkHolder.status, linkHolderUpper.status]).toEqual([403, 403]);
    expect(invalid).toMatchObject({ status: 404, body: { message: expect.stringContaining('invalid') } });
    expect(expired).toMatchObject({ status: 410, body: { message: expect.stringContaining('expired') } });
    expect(cancelled).toMatchObject({ status: 410, body: { message: expect.stringContaining('cancelled') } });
    const { data: members } = await data.profileMembers.query.byProfile({ profile_id: profile.id }).go();
    expect(members).toEqual([]);
    const { data: inv } = await data.profileInvitations
      .get({ profile_id: profile.id, id: invitation.id })
      .go();
    expect(inv).toMatchObject({ status: 'pending' });
    expect(inv).not.toHaveProperty('accepted_by');
  });

  it('accepts for the person signed in with the invited address, case-insensitively', async () => {
    const { owner, profile } = await ownerWithProfile();
    const invitee = await signUpAndSignIn();
    const invitation = await invite(owner, profile.id, invitee.email.toUpperCase(), 'viewer');

    const accepted = await api('POST', `/invitations/${tokenOf(invitation.invite_url)}/accept`, {
      token: invitee.idToken,
      // spec §5's given e-mail, in another case: a cross-check of the caller's own address.
      body: { email: invitee.email.replace(/^./, (c) => c.toUpperCase()) },
    });

    expect(accepted.status).toBe(200);
  });

  it('lets exactly one of two simultaneous accepts of one token win', async () => {
    const { owner, profile } = await ownerWithProfile();
    const invitee = await signUpAndSignIn();
    const invitation = await invite(owner, profile.id, invitee.email, 'viewer');
    const token = tokenOf(invitation.invite_url);

    const results = await Promise.all([
      api('POST', `/invitations/${token}/accept`, { token: invitee.idToken, body: {} }),
      api('POST', `/invitations/${token}/accept`, { token: invitee.idToken, body: {} }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('archiving a profile cancels its pending invitations; their links say the profile is gone', async () => {
    const { owner, profile } = await ownerWithProfile();
    const invitation = await invite(owner, profile.id, 'late@example.com', 'viewer');

    await api('POST', '/functions/archive-financial-profile', {
      token: owner.idToken,
      body: { profileId: profile.id },
    });
    const lookup = await api('GET', `/invitations/${tokenOf(invitation.invite_url)}`);

    expect(lookup.status).toBe(410);
    const { data: stored } = await data.profileInvitations
      .get({ profile_id: profile.id, id: invitation.id })
      .go();
    expect(stored?.status).toBe('revoked');
  });

  it('a new invitation to the same address replaces the pending one', async () => {
    const { owner, profile } = await ownerWithProfile();
    const first = await invite(owner, profile.id, 'again@example.com', 'viewer');
    const second = await invite(owner, profile.id, 'again@example.com', 'editor');

    const { body } = await api<Array<{ id: string; role: string }>>(
      'GET',
      `/financial-profiles/${profile.id}/invitations`,
      {
        token: owner.idToken,
      },
    );

    expect(body.map((i) => i.id)).toEqual([second.id]);
    expect((await api('GET', `/invitations/${tokenOf(first.invite_url)}`)).status).toBe(410);
  });

  it('refuses to invite the owner or an existing member', async () => {
    const { owner, profile } = await ownerWithProfile();
    const member = await signUpAndSignIn();
    const invitation = await invite(owner, profile.id, member.email, 'viewer');
    await api('POST', `/invitations/${tokenOf(invitation.invite_url)}/accept`, {
      token: member.idToken,
      body: {},
    });

    const self = await api('POST', `/financial-profiles/${profile.id}/invitations`, {
      token: owner.idToken,
      body: { email: owner.email, role: 'viewer' },
    });
    const again = await api('POST', `/financial-profiles/${profile.id}/invitations`, {
      token: owner.idToken,
      body: { email: member.email, role: 'editor' },
    });

    expect(self.status).toBe(400);
    expect(again.status).toBe(409);
  });

  it('repair_invitation_consistency marks a pending invitation accepted when its membership exists', async () => {
    const { owner, profile } = await ownerWithProfile();
    const invitee = await signUpAndSignIn();
    const invitation = await invite(owner, profile.id, invitee.email, 'viewer');
    // A half-written acceptance: the membership without the invitation update.
    await data.profileMembers
      .put({ profile_id: profile.id, user_id: invitee.userId, role: 'viewer', invitation_id: invitation.id })
      .go();

    const repaired = await api('POST', '/invitations/repair', { token: invitee.idToken, body: {} });

    expect(repaired.body).toEqual({ repaired: 1 });
    const { data: inv } = await data.profileInvitations
      .get({ profile_id: profile.id, id: invitation.id })
      .go();
    expect(inv).toMatchObject({ status: 'accepted', accepted_by: invitee.userId });
  });

  it('a member may leave; the owner may remove a member', async () => {
    const { owner, profile } = await ownerWithProfile();
    const [a, b] = await Promise.all([signUpAndSignIn(), signUpAndSignIn()]);
    for (const user of [a, b]) {
      const inv = await invite(owner, profile.id, user.email, 'viewer');
      await api('POST', `/invitations/${tokenOf(inv.invite_url)}/accept`, { token: user.idToken, body: {} });
    }

    const leave = await api('DELETE', `/financial-profiles/${profile.id}/members/${a.userId}`, {
      token: a.idToken,
    });
    const removeOther = await api('DELETE', `/financial-profiles/${profile.id}/members/${owner.userId}`, {
      token: b.idToken,
    });
    const remove = await api('DELETE', `/financial-profiles/${profile.id}/members/${b.userId}`, {
      token: owner.idToken,
    });

    expect([leave.status, removeOther.status, remove.status]).toEqual([204, 403, 204]);
    const { body: members } = await api<Array<{ role: string }>>(
      'GET',
      `/financial-profiles/${profile.id}/members`,
      {
        token: owner.idToken,
      },
    );
    expect(members.map((m) => m.role)).toEqual(['owner']);
  });
});

describe('onboarding responses (public, before sign-up)', () => {
  it('stores the questionnaire and returns a generated session id', async () => {
    const response = await api<{ session_id: string }>('POST', '/onboarding-responses', {
      body: {
        challenge: 'other',
        challenge_other: 'Too many apps',
        goal: 'reduce-stress',
        confidence_level: 2,
      },
    });
    expect(response.status).toBe(201);
    const { data: stored } = await data.onboardingResponses
      .get({ session_id: response.body.session_id })
      .go();
    expect(stored).toMatchObject({
      challenge: 'other',
      challenge_other: 'Too many apps',
      confidence_level: 2,
    });
  });

  it.each([
    [{ goal: 'not-sure', confidence_level: 3 }, 'challenge', 'Please select your biggest money challenge'],
    [
      { challenge: 'other', goal: 'not-sure', confidence_level: 3 },
      'challenge_other',
      'Please describe your challenge',
    ],
    [{ challenge: 'debt', confidence_level: 3 }, 'goal', 'Please select your financial goal'],
    [
      { challenge: 'debt', goal: 'not-sure', confidence_level: 6 },
      'confidence_level',
      'Please select your confidence level',
    ],
  ])('refuses %j naming %s with the spec message', async (body, field, message) => {
    const response = await api<{ issues: Array<{ field: string; message: string }> }>(
      'POST',
      '/onboarding-responses',
      { body },
    );
    expect(response.status).toBe(400);
    expect(response.body.issues).toContainEqual({ field, message });
  });
});
