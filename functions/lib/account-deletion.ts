// "Delete my account" (/settings → Danger zone). After a re-authentication (the password,
// checked by Cognito; and a fresh second factor when two-factor is on), everything the person has with
// the product goes, in an order that can be repeated after a failure:
//
// 1. the paid subscription is cancelled at Stripe at once (no further charge) — first, so a failure
//    there leaves everything as it was;
// 2. every bank connection the person made is removed at Plaid (/item/remove) and its accounts,
//    transactions and raw copies deleted;
// 3. the financial profiles they own are deleted with all they hold (accounts, plan, forecast,
//    reconciliations, settings, coach conversations, invitations, memberships); each other member is told
//    by e-mail that the shared profile is gone (docs/settings.md: why not hand it over);
// 4. their memberships of other people's profiles end (with their settings, coach conversations and the
//    invitations they accepted there, which hold their address);
// 5. every record keyed by them (preferences, alerts, e-mail history, security events, 2FA, devices,
//    sessions, support requests, sync runs, realtime connections, …) and their photo are deleted;
// 6. the Cognito user is deleted; a mark without personal data refuses their leftover ID tokens; their
//    profiles record goes last, and a final notice goes to their address.
//
// Kept, by decision: the admin audit of actions taken on the account (who did what, for the operators'
// record); the Stripe webhook ledger (event ids, expiring after its TTL, so a replayed event is still
// recognised); other people's own security logs ("joined a profile", naming the profile's id). The admin
// roll-up's health flags are rebuilt from the remaining data by the next roll-up.
import { PRODUCT_NAME } from '../../domain/brand.ts';
import { RateLimitError, ValidationError } from '../../domain/errors.ts';
import { personSubjects, tallyAll } from './admin/tally.ts';
import type { Data } from './data/index.ts';
import type { Deps } from './deps.ts';
import type { ApiEvent, Caller } from './caller.ts';
import { totalKey, cashKey } from './money/forecast-store.ts';
import { deleteMonthViews } from './money/month-views.ts';
import { sendSecurityNotice } from './security-notice.ts';
import { confirmFreshCode } from './two-factor.ts';
import { batchUntilDone } from './money/store.ts';
import { deleteAccountHistory, deleteItemData } from './plaid/webhook.ts';

type DeletionDeps = Pick<
  Deps,
  'clock' | 'logger' | 'users' | 'email' | 'sms' | 'tokenCipher' | 'plaid' | 'stripe' | 'avatars'
>;

export const WRONG_PASSWORD_MESSAGE = 'That password is not right.';

/** How long the deleted account's mark outlives the deletion: longer than any ID token (1 hour). */
const MARK_SECONDS = 24 * 60 * 60;

interface Purgeable {
  delete(keys: Array<Record<string, unknown>>): {
    go(options?: { concurrency?: number }): Promise<{ unprocessed: readonly object[] }>;
  };
}

/** Batch-deletes `keys` (each item's key attributes, as queried) from an entity, unprocessed ones retried. */
function purge(entity: unknown, keys: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  return batchUntilDone(
    keys,
    (key) => JSON.stringify(Object.entries(key).sort(([a], [b]) => (a < b ? -1 : 1))),
    (batch) => (entity as Purgeable).delete(batch).go({ concurrency: 8 }),
  );
}

/** Accounts whose bank is already gone (or never had one here): their history, balances and record. */
async function deleteAccountsData(data: Data, accountIds: readonly string[]) {
  for (const accountId of accountIds) {
    await deleteAccountHistory(data, accountId);
    await deleteRunningBalances(data, accountId);
    await data.connectedAccounts.delete({ id: accountId }).go();
  }
}

async function deleteRunningBalances(data: Data, key: string) {
  const { data: months } = await data.runningBalanceMonths.query
    .byAccountMonth({ account_id: key })
    .go({ pages: 'all', attributes: ['account_id', 'month'] });
  await purge(data.runningBalanceMonths, months);
}

/** Removes a bank connection at Plaid (already gone there is fine) and deletes everything it brought. */
async function removeItem(deps: DeletionDeps, data: Data, itemId: string) {
  const { data: item } = await data.plaidItems.get({ id: itemId }).go();
  if (!item) return;
  if (item.status !== 'removed') {
    try {
      const accessToken = await deps.tokenCipher.decrypt(item.access_token_ciphertext, { item_id: item.id });
      await (await deps.plaid()).itemRemove({ access_token: accessToken });
    } catch (error) {
      const code = (error as { response?: { data?: { error_code?: string } } }).response?.data?.error_code;
      if (code !== 'ITEM_NOT_FOUND' && code !== 'INVALID_ACCESS_TOKEN') throw error;
    }
  }
  await deleteItemData(data, itemId);
  await data.plaidItems.delete({ id: itemId }).go();
}

/** One member's things on a profile: their forecast settings, their coach conversation and the jobs
 * they started there (docs/jobs.md). */
async function deleteMemberState(data: Data, profileId: string, userId: string) {
  await data.moneyViewSettings.delete({ profile_id: profileId, user_id: userId }).go();
  const { data: messages } = await data.coachMessages.query
    .byMember({ profile_id: profileId, user_id: userId })
    .go({ pages: 'all', attributes: ['profile_id', 'user_id', 'created_at', 'id'] });
  await purge(data.coachMessages, messages);
  const { data: jobs } = await data.jobs.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'job_id', 'user_id'] });
  await purge(
    data.jobs,
    jobs.filter((j) => j.user_id === userId).map((j) => ({ profile_id: j.profile_id, job_id: j.job_id })),
  );
}

/** A profile the person owns, and everything in it; returns the other members' user ids. */
async function deleteOwnedProfile(deps: DeletionDeps, data: Data, profileId: string, ownerId: string) {
  const { data: accounts } = await data.connectedAccounts.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  // Banks linked into this profile, by whoever linked them: the profile and its accounts are going
  // (removing an item deletes its accounts and their history; their running balances go here).
  for (const itemId of new Set(accounts.map((a) => a.item_id))) await removeItem(deps, data, itemId);
  for (const account of accounts) await deleteRunningBalances(data, account.id);
  const { data: leftover } = await data.transactions.query
    .byProfileDate({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['id'] });
  await purge(data.transactions, leftover);
  const { data: planned } = await data.moneyPlanTransactions.query
    .byProfileDueDate({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['id'] });
  await purge(data.moneyPlanTransactions, planned);
  const { data: categories } = await data.moneyPlanCategories.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'id'] });
  await purge(data.moneyPlanCategories, categories);
  const { data: series } = await data.moneyPlanSeries.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'series_id'] });
  await purge(data.moneyPlanSeries, series);
  const { data: rejections } = await data.reconciliationRejections.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'planned_id', 'transaction_id'] });
  await purge(data.reconciliationRejections, rejections);
  const { data: jobs } = await data.jobs.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'job_id'] });
  await purge(data.jobs, jobs);
  // Statement imports (docs/import-export.md): file names and the ids of the rows they wrote.
  const { data: imports } = await data.statementImports.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'import_id'] });
  await purge(data.statementImports, imports);
  const { data: forecast } = await data.profileForecasts.get({ profile_id: profileId }).go();
  const monthKeys = new Set([
    totalKey(profileId),
    cashKey(profileId),
    ...Object.keys((forecast?.months ?? {}) as Record<string, unknown>),
  ]);
  for (const key of monthKeys) await deleteRunningBalances(data, key);
  await deleteMonthViews(data, profileId);
  await data.profileForecasts.delete({ profile_id: profileId }).go();
  const { data: members } = await data.profileMembers.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  for (const userId of [ownerId, ...members.map((m) => m.user_id)])
    await deleteMemberState(data, profileId, userId);
  const { data: settings } = await data.moneyViewSettings.query
    .byProfileUser({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'user_id'] });
  await purge(data.moneyViewSettings, settings);
  const { data: invitations } = await data.profileInvitations.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'id'] });
  await purge(data.profileInvitations, invitations);
  await purge(
    data.profileMembers,
    members.map((m) => ({ profile_id: m.profile_id, user_id: m.user_id })),
  );
  await data.financialProfiles.delete({ id: profileId }).go();
  return members.map((m) => m.user_id).filter((id) => id !== ownerId);
}

/** Every record keyed by the person. */
async function deleteUserRecords(data: Data, userId: string) {
  const byUser = { user_id: userId };
  const queries: Array<[unknown, Promise<{ data: Array<Record<string, unknown>> }>]> = [
    [
      data.securityEvents,
      data.securityEvents.query
        .byUser(byUser)
        .go({ pages: 'all', attributes: ['user_id', 'created_at', 'id'] }),
    ],
    [
      data.notificationDismissals,
      data.notificationDismissals.query
        .byUser(byUser)
        .go({ pages: 'all', attributes: ['user_id', 'notification_id'] }),
    ],
    [
      data.emailSends,
      data.emailSends.query.byUser(byUser).go({ pages: 'all', attributes: ['user_id', 'sent_at', 'id'] }),
    ],
    [
      data.userClaims,
      data.userClaims.query.byUser(byUser).go({ pages: 'all', attributes: ['user_id', 'key'] }),
    ],
    [
      data.userAlerts,
      data.userAlerts.query.byUser(byUser).go({ pages: 'all', attributes: ['user_id', 'created_at', 'id'] }),
    ],
    [
      data.verificationCodes,
      data.verificationCodes.query
        .byUser(byUser)
        .go({ pages: 'all', attributes: ['user_id', 'created_at', 'id'] }),
    ],
    [
      data.trustedDevices,
      data.trustedDevices.query.byUser(byUser).go({ pages: 'all', attributes: ['user_id', 'id'] }),
    ],
    [
      data.twoFactorSessions,
      data.twoFactorSessions.query.byUser(byUser).go({ pages: 'all', attributes: ['session_hash'] }),
    ],
    [
      data.realtimeConnections,
      data.realtimeConnections.query.byUser(byUser).go({ pages: 'all', attributes: ['connection_id'] }),
    ],
    [
      data.coachUsage,
      data.coachUsage.query.byUserWindow(byUser).go({ pages: 'all', attributes: ['user_id', 'window'] }),
    ],
    [
      data.supportRequests,
      data.supportRequests.query
        .byUser(byUser)
        .go({ pages: 'all', attributes: ['user_id', 'created_at', 'id'] }),
    ],
    [
      data.unsubscribeTokens,
      data.unsubscribeTokens.query.byUser(byUser).go({ pages: 'all', attributes: ['token_hash'] }),
    ],
    [
      data.syncRuns,
      data.syncRuns.query.byUser(byUser).go({ pages: 'all', attributes: ['user_id', 'finished_at', 'id'] }),
    ],
  ];
  for (const [entity, query] of queries) await purge(entity, (await query).data);
  await data.alertPreferences.delete(byUser).go();
  await data.emailPreferences.delete(byUser).go();
  await data.engagementMetrics.delete(byUser).go();
  await data.twoFactorSecrets.delete(byUser).go();
}

async function cancelSubscription(deps: DeletionDeps, data: Data, userId: string) {
  const { data: subscriber } = await data.subscribers.get({ user_id: userId }).go();
  if (!subscriber) return;
  const customerId = subscriber.stripe_customer_id;
  // The customer is forgotten first, so the webhooks the cancellation sends find nobody to update (and
  // cannot write the subscriber record back after it is deleted); restored if Stripe refuses.
  const { data: mapping } = customerId
    ? await data.stripeCustomers.get({ customer_id: customerId }).go()
    : { data: null };
  if (customerId) await data.stripeCustomers.delete({ customer_id: customerId }).go();
  if (subscriber.stripe_subscription_id) {
    const { client } = await deps.stripe();
    try {
      const current = await client.subscriptions.retrieve(subscriber.stripe_subscription_id);
      if (current.status !== 'canceled' && current.status !== 'incomplete_expired')
        await client.subscriptions.cancel(subscriber.stripe_subscription_id);
    } catch (error) {
      if ((error as { code?: string }).code !== 'resource_missing') {
        if (mapping) await data.stripeCustomers.put(mapping).go();
        throw error;
      }
    }
  }
  await data.subscribers.delete({ user_id: userId }).go();
}

export interface DeletionRequest {
  password: string;
  code?: string | undefined;
}

/** Re-authenticates the caller, then deletes their account and data (see the top of this file). */
export async function deleteAccount(
  deps: DeletionDeps,
  data: Data,
  caller: Caller,
  event: ApiEvent,
  request: DeletionRequest,
) {
  const { data: profile } = await data.profiles.get({ id: caller.userId }).go();
  const email = profile?.email ?? caller.email;
  const checked = await deps.users.checkPassword(email, request.password);
  if (checked === 'locked')
    throw new RateLimitError('Too many wrong passwords. Please wait a few minutes and try again.');
  if (checked === 'wrong')
    throw Object.assign(new ValidationError([{ field: 'password', message: WRONG_PASSWORD_MESSAGE }]), {
      message: WRONG_PASSWORD_MESSAGE,
    });
  if (profile?.two_factor_enabled && profile.two_factor_method) {
    if (!request.code)
      throw new ValidationError([{ field: 'code', message: 'Enter a code to confirm it is you.' }]);
    await confirmFreshCode(deps, data, caller, event, profile.two_factor_method, request.code);
  }

  const userId = caller.userId;
  // What the person adds to the admin figures, taken out once their records are gone.
  const tallied = await personSubjects(data, userId);
  await cancelSubscription(deps, data, userId);
  const { data: items } = await data.plaidItems.query.byUser({ user_id: userId }).go({ pages: 'all' });
  for (const item of items) await removeItem(deps, data, item.id);

  const { data: owned } = await data.financialProfiles.query
    .byOwner({ owner_user_id: userId })
    .go({ pages: 'all' });
  const told = new Map<string, string[]>();
  for (const p of owned) {
    const others = await deleteOwnedProfile(deps, data, p.id, userId);
    for (const other of others) told.set(other, [...(told.get(other) ?? []), p.name]);
  }
  const { data: memberships } = await data.profileMembers.query
    .byUser({ user_id: userId })
    .go({ pages: 'all' });
  for (const m of memberships) {
    await deleteMemberState(data, m.profile_id, userId);
    await data.profileMembers.delete({ profile_id: m.profile_id, user_id: userId }).go();
  }
  // Invitations they accepted into other people's profiles hold their address: gone too.
  const { data: accepted } = await data.profileInvitations.query
    .byAcceptedBy({ accepted_by: userId })
    .go({ pages: 'all', attributes: ['profile_id', 'id'], hydrate: true });
  await purge(data.profileInvitations, accepted);
  const { data: ownAccounts } = await data.connectedAccounts.query
    .byUser({ user_id: userId })
    .go({ pages: 'all', attributes: ['id'] });
  await deleteAccountsData(
    data,
    ownAccounts.map((a) => a.id),
  );
  await deleteUserRecords(data, userId);
  if (profile?.avatar_key) await deps.avatars.remove(profile.avatar_key);

  await deps.users.deleteUser(email);
  const now = deps.clock();
  await data.deletedAccounts
    .put({
      user_id: userId,
      deleted_at: now.toISOString(),
      ttl: Math.floor(now.getTime() / 1000) + MARK_SECONDS,
    })
    .go();
  await data.profiles.delete({ id: userId }).go();
  await tallyAll(data, tallied, now, deps.logger);

  const ownerName = profile?.full_name?.trim() || 'The owner';
  for (const [memberId, names] of told) {
    const { data: member } = await data.profiles.get({ id: memberId }).go();
    await sendSecurityNotice(
      deps,
      member?.email ?? null,
      `A shared ${PRODUCT_NAME} profile was deleted`,
      `${ownerName} deleted their ${PRODUCT_NAME} account, and with it the shared profile${names.length > 1 ? 's' : ''} ${names.map((n) => `“${n}”`).join(', ')}. Your own profiles are not affected.`,
      'Nothing else changed in your account.',
    );
  }
  await sendSecurityNotice(
    deps,
    email,
    `Your ${PRODUCT_NAME} account was deleted`,
    `Your ${PRODUCT_NAME} account and its data were deleted, your bank connections removed and any subscription cancelled.`,
    'If you did not ask for this, contact support at once.',
  );
  deps.logger.info('account deleted', {
    profiles: owned.length,
    memberships: memberships.length,
    banks: items.length,
  });
  return { deleted: true as const };
}
