// "Delete my account" (functions/lib/account-deletion.ts): after the password (and a
// fresh second factor when 2FA is on), the person's data goes from every table — checked afterwards by
// querying every partition of the table and its indexes filed under their ids, whatever the entity — their bank connections are removed at Plaid, their subscription
// is cancelled at Stripe, the Cognito user is deleted, leftover tokens are refused, and the members of
// their shared profile are told while keeping their own profiles.
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SERVICE_NAME, tableDesign } from '../../functions/lib/data/table-design.ts';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { WRONG_PASSWORD_MESSAGE } from '../../functions/lib/account-deletion.ts';
import { SESSION_ENDED_MESSAGE } from '../../functions/lib/sessions.ts';
import { cognitoClient, dynamoClient } from '../../local/bootstrap.ts';
import { cloudMessagesTo, eventually } from './email-helpers.ts';
import { api, cloud, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { defaultProfile, forecastSettled, generatePlan, joinAs, linkedUser } from './money-helpers.ts';
import { accessTokenOf } from './plaid-helpers.ts';
import { LOCAL_PLAID_KEYS } from '../../local/cloud.ts';
import { checkout, stripeClient } from './stripe-helpers.ts';

const plaidKeys = { client_id: LOCAL_PLAID_KEYS.clientId, secret: LOCAL_PLAID_KEYS.secret };

const remove = (user: TestUser, body: unknown, headers?: Record<string, string>) =>
  api<{ message?: string; issues?: Array<{ field: string }> }>('POST', '/profiles/me/delete-account', {
    token: user.idToken,
    body,
    ...(headers ? { headers } : {}),
  });

/** The key attributes people's data is filed under (ElectroDB writes them as `$moneycal#<name>_<value>`). */
const KEY_NAMES = [
  'user_id',
  'profile_id',
  'account_id',
  'item_id',
  'owner_user_id',
  'accepted_by',
  'target_id',
];

/**
 * Every item of the table, in any entity, filed under one of `ids` — on the table or any of its indexes,
 * by any of the key names people's data uses — plus the partitions named in `partitions` (composite keys,
 * e.g. a coach conversation's profile and person). Queries, not a scan: the suite's table holds every
 * other test's banks too, and a scan of it takes a minute.
 */
async function itemsFiledUnder(ids: readonly string[], partitions: readonly string[] = []) {
  const { urls, tableName } = cloud();
  const ddb = DynamoDBDocumentClient.from(dynamoClient(urls.dynamodb));
  const keys = [
    ...ids.flatMap((id) => KEY_NAMES.map((name) => `$${SERVICE_NAME}#${name}_${id}`.toLowerCase())),
    ...partitions.map((p) => `$${SERVICE_NAME}#${p}`.toLowerCase()),
  ];
  const indexes = [
    { pk: 'pk' },
    ...tableDesign.globalIndexes.map((g) => ({ pk: g.partitionKey, index: g.indexName })),
  ];
  const found = new Map<string, Record<string, unknown>>();
  for (const key of keys)
    for (const { pk, index } of indexes as Array<{ pk: string; index?: string }>) {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await ddb.send(
          new QueryCommand({
            TableName: tableName,
            ...(index ? { IndexName: index } : {}),
            KeyConditionExpression: '#k = :v',
            ExpressionAttributeNames: { '#k': pk },
            ExpressionAttributeValues: { ':v': key },
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) found.set(`${String(item.pk)}|${String(item.sk)}`, item);
        start = page.LastEvaluatedKey;
      } while (start);
    }
  return [...found.values()];
}

describe('delete my account', () => {
  it('removes a linked, paying owner and everything of theirs; their shared profile’s member keeps their own', async () => {
    const { user: owner, profileId, accounts } = await linkedUser();
    const generated = await generatePlan({ token: owner.idToken, profileId });
    expect(generated.status).toBe(200);
    await forecastSettled(profileId);
    await checkout(owner);
    const { data: subscriber } = await directData().subscribers.get({ user_id: owner.userId }).go();
    expect(subscriber?.stripe_subscription_id).toBeTruthy();
    const { data: stored } = await directData()
      .connectedAccounts.get({ id: accounts[0]?.id ?? '' })
      .go();
    const itemId = stored?.item_id ?? '';
    const accessToken = await accessTokenOf(itemId);
    // A member of the owner's profile, with a profile of their own.
    const member = await joinAs(owner, profileId, 'editor');
    const memberProfile = await defaultProfile(member);
    // The owner is also a viewer of a third person's profile.
    const host = await signUpAndSignIn('Hannah Host');
    const hostProfile = await defaultProfile(host);
    const invitation = await api<{ invite_url: string }>(
      'POST',
      `/financial-profiles/${hostProfile}/invitations`,
      { token: host.idToken, body: { email: owner.email, role: 'viewer' } },
    );
    const token = new URL(invitation.body.invite_url).searchParams.get('token');
    expect(
      (await api('POST', `/invitations/${token}/accept`, { token: owner.idToken, body: {} })).status,
    ).toBe(200);
    expect((await itemsFiledUnder([owner.userId, profileId])).length).toBeGreaterThan(20);

    // The wrong password changes nothing.
    const wrong = await remove(owner, { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(WRONG_PASSWORD_MESSAGE);
    expect(wrong.body.issues?.[0]?.field).toBe('password');
    expect((await api('GET', '/profiles/me', { token: owner.idToken })).status).toBe(200);
    // Unknown fields and a missing password are refused by name.
    const extra = await remove(owner, { password: owner.password, everything: true });
    expect(extra.status).toBe(400);
    expect((await remove(owner, {})).body.issues?.[0]?.field).toBe('password');
    // Someone else's id in the body is refused outright (the server never acts on a client's user id).
    expect((await remove(owner, { password: owner.password, userId: member.userId })).status).toBe(403);

    const deleted = await remove(owner, { password: owner.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: true });

    // Nothing of theirs is left in the table but the operators' audit and the mark refusing old tokens.
    const left = await itemsFiledUnder(
      [owner.userId, profileId, itemId, ...accounts.map((a) => a.id)],
      [
        `profile_id_${profileId}#user_id_${owner.userId}`,
        `profile_id_${profileId}#user_id_${member.userId}`,
        `profile_id_${hostProfile}#user_id_${owner.userId}`,
      ],
    );
    // Kept by decision: the operators' audit, the Stripe webhook ledger (ids, until its TTL), and the
    // member's own security log (which names the profile they had joined).
    const kept = new Set(['adminAudit', 'deletedAccount', 'stripeEvent']);
    const kinds = left
      .filter((i) => !(i.__edb_e__ === 'securityEvent' && i.user_id === member.userId))
      .map((i) => String(i.__edb_e__));
    expect(kinds.filter((k) => !kept.has(k))).toEqual([]);
    expect(kinds.filter((k) => k === 'deletedAccount')).toHaveLength(1);

    // Leftover tokens are refused everywhere, and nothing is created again for them.
    for (const [method, path] of [
      ['GET', '/profiles/me'],
      ['POST', '/functions/ensure-default-profile'],
      ['GET', '/financial-profiles'],
    ] as const) {
      const refused = await api<{ message?: string }>(method, path, {
        token: owner.idToken,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(refused.status, path).toBe(401);
      expect(refused.body.message).toBe(SESSION_ENDED_MESSAGE);
    }
    const { urls, config } = cloud();
    await expect(
      cognitoClient(urls.cognito).send(
        new InitiateAuthCommand({
          ClientId: config.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: owner.email, PASSWORD: owner.password },
        }),
      ),
    ).rejects.toMatchObject({ name: expect.stringMatching(/UserNotFoundException|NotAuthorizedException/) });

    // The bank connection is gone at Plaid; the subscription is cancelled at Stripe.
    const item = await fetch(`${urls.plaid}/item/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...plaidKeys, access_token: accessToken }),
    });
    expect(item.ok).toBe(false);
    expect(((await item.json()) as { error_code?: string }).error_code).toBe('ITEM_NOT_FOUND');
    const subscription = await stripeClient().subscriptions.retrieve(
      subscriber?.stripe_subscription_id ?? '',
    );
    expect(subscription.status).toBe('canceled');

    // The member keeps their own profile, no longer sees the deleted one, and was told why.
    const profiles = await api<Array<{ id: string }>>('GET', '/financial-profiles', {
      token: member.idToken,
    });
    expect(profiles.body.map((p) => p.id)).toEqual([memberProfile]);
    const toMember = await eventually(
      async () => cloudMessagesTo(member.email).filter((m) => m.kind === 'security_notice'),
      (found) => found.length > 0,
    );
    expect(toMember[0]?.subject).toMatch(/shared .* profile was deleted/);
    expect(toMember[0]?.text).toContain('Money Tester deleted their');
    const toOwner = cloudMessagesTo(owner.email).filter((m) => m.kind === 'security_notice');
    expect(toOwner.map((m) => m.subject)).toEqual([expect.stringMatching(/account was deleted$/)]);
    // The host's profile no longer lists them.
    const members = await api<Array<{ user_id: string }>>(
      'GET',
      `/financial-profiles/${hostProfile}/members`,
      {
        token: host.idToken,
      },
    );
    expect(members.body.map((m) => m.user_id)).toEqual([host.userId]);
  });

  it('asks a person with two-factor on for a fresh code as well', async () => {
    const user = await signUpAndSignIn('Tess Totp');
    expect((await api('GET', '/profiles/me', { token: user.idToken })).status).toBe(200);
    const setup = await api<{ secret: string }>('POST', '/two-factor/totp', {
      token: user.idToken,
      body: {},
    });
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret), digits: 6, period: 30 }).generate();
    const verified = await api<{ recovery_codes: string[]; session_token: string }>(
      'POST',
      '/functions/verify-2fa-code-secure',
      {
        token: user.idToken,
        body: { code, codeType: 'setup', method: 'totp', deviceFingerprint: 'fp-deletion-test' },
      },
    );
    expect(verified.status).toBe(200);
    const session = { 'x-two-factor-session': verified.body.session_token };

    // Without the second factor's session the call does not even reach the deletion.
    expect((await remove(user, { password: user.password })).status).toBe(403);
    const noCode = await remove(user, { password: user.password }, session);
    expect(noCode.status).toBe(400);
    expect(noCode.body.issues?.[0]?.field).toBe('code');
    const wrongCode = await remove(user, { password: user.password, code: '000000' }, session);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.message).toBe('Invalid verification code');
    expect((await api('GET', '/profiles/me', { token: user.idToken, headers: session })).status).toBe(200);

    const recovery = verified.body.recovery_codes[0] ?? '';
    const deleted = await remove(user, { password: user.password, code: recovery }, session);
    expect(deleted.status).toBe(200);
    expect(await itemsFiledUnder([user.userId])).toEqual([
      expect.objectContaining({ __edb_e__: 'deletedAccount' }),
    ]);
  });
});
