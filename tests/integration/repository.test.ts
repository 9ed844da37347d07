// Every entity of the data model round-trips through DynamoDB Local: write, read back by each of its
// access patterns, update where the product updates it, delete. Defaults from the spec are checked.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultProfileId } from '../../functions/lib/data/entities/financial-profile.ts';
import { directData } from './helpers.ts';

const data = directData();
const id = () => randomUUID();

describe('repository round trips (DynamoDB Local)', () => {
  it('profiles: spec defaults (privacy_mode true when unset)', async () => {
    const userId = id();
    await data.profiles.create({ id: userId, email: 'a@example.com' }).go();
    const { data: read } = await data.profiles.get({ id: userId }).go();
    expect(read).toMatchObject({
      id: userId,
      privacy_mode: true,
      is_admin: false,
      onboarding_completed: false,
    });
    await data.profiles.patch({ id: userId }).set({ privacy_mode: false, avatar_type: 'initials' }).go();
    expect((await data.profiles.get({ id: userId }).go()).data).toMatchObject({
      privacy_mode: false,
      avatar_type: 'initials',
    });
    await data.profiles.delete({ id: userId }).go();
    expect((await data.profiles.get({ id: userId }).go()).data).toBeNull();
  });

  it('financial profiles: by id and by owner, oldest first; the default id is unique per owner', async () => {
    const owner = id();
    await data.financialProfiles
      .create({ id: defaultProfileId(owner), name: 'Personal', owner_user_id: owner, is_default: true })
      .go();
    await data.financialProfiles.create({ id: id(), name: 'Side business', owner_user_id: owner }).go();
    const { data: owned } = await data.financialProfiles.query.byOwner({ owner_user_id: owner }).go();
    expect(owned.map((p) => p.name)).toEqual(['Personal', 'Side business']);
    await expect(
      data.financialProfiles
        .create({ id: defaultProfileId(owner), name: 'Again', owner_user_id: owner })
        .go(),
    ).rejects.toThrow(/conditional/i);
  });

  it('members: by profile and by user; upsert on (profile, user)', async () => {
    const profileId = id();
    const userId = id();
    await data.profileMembers.put({ profile_id: profileId, user_id: userId, role: 'viewer' }).go();
    await data.profileMembers.put({ profile_id: profileId, user_id: userId, role: 'editor' }).go();
    const { data: byProfile } = await data.profileMembers.query.byProfile({ profile_id: profileId }).go();
    const { data: byUser } = await data.profileMembers.query.byUser({ user_id: userId }).go();
    expect(byProfile).toHaveLength(1);
    expect(byUser[0]).toMatchObject({ profile_id: profileId, role: 'editor' });
  });

  it('invitations: by profile, by token hash, and (sparse) by accepter', async () => {
    const profileId = id();
    const invitationId = id();
    const accepter = id();
    await data.profileInvitations
      .create({
        id: invitationId,
        profile_id: profileId,
        invited_email: 'b@example.com',
        invited_by: id(),
        role: 'viewer',
        token_hash: 'hash-1',
        expires_at: '2099-01-01T00:00:00.000Z',
      })
      .go();
    expect((await data.profileInvitations.query.byToken({ token_hash: 'hash-1' }).go()).data[0]?.status).toBe(
      'pending',
    );
    expect(
      (await data.profileInvitations.query.byAcceptedBy({ accepted_by: accepter }).go()).data,
    ).toHaveLength(0);
    await data.profileInvitations
      .patch({ profile_id: profileId, id: invitationId })
      .set({ status: 'accepted', accepted_by: accepter, accepted_at: '2026-11-22T00:00:00.000Z' })
      .go();
    expect(
      (await data.profileInvitations.query.byAcceptedBy({ accepted_by: accepter }).go()).data,
    ).toHaveLength(1);
    expect(
      (await data.profileInvitations.query.byProfile({ profile_id: profileId }).go()).data[0]?.status,
    ).toBe('accepted');
  });

  it('security events: newest last per user', async () => {
    const userId = id();
    await data.securityEvents
      .create({ id: id(), user_id: userId, event_type: 'member_added', event_data: { a: 1 } })
      .go();
    const { data: events } = await data.securityEvents.query.byUser({ user_id: userId }).go();
    expect(events[0]).toMatchObject({ event_type: 'member_added', severity: 'INFO', event_data: { a: 1 } });
  });

  it('subscribers', async () => {
    const userId = id();
    await data.subscribers.put({ user_id: userId, subscribed: true, subscription_tier: 'standard' }).go();
    expect((await data.subscribers.get({ user_id: userId }).go()).data).toMatchObject({ subscribed: true });
  });

  it('plaid items: by id, user and Plaid item id; accounts by profile, user and item', async () => {
    const userId = id();
    const profileId = id();
    const itemId = id();
    await data.plaidItems
      .create({
        id: itemId,
        user_id: userId,
        profile_id: profileId,
        plaid_item_id: 'plaid-item-1' + itemId,
        access_token_ciphertext: 'enc',
      })
      .go();
    expect(
      (await data.plaidItems.query.byPlaidItemId({ plaid_item_id: 'plaid-item-1' + itemId }).go()).data[0]
        ?.id,
    ).toBe(itemId);
    expect((await data.plaidItems.query.byUser({ user_id: userId }).go()).data).toHaveLength(1);
    const due = () =>
      data.plaidItems.query
        .byRefreshDue({ refresh_queue: 'due' })
        .lte({ next_refresh_after: '2026-11-22T12:00:00.000Z' })
        .go({ pages: 'all' });
    expect((await due()).data.some((i) => i.id === itemId)).toBe(false); // sparse until scheduled
    await data.plaidItems
      .patch({ id: itemId })
      .set({ next_refresh_after: '2026-11-22T06:00:00.000Z', refresh_queue: 'due' })
      .go();
    expect((await due()).data.some((i) => i.id === itemId)).toBe(true);
    const accountId = id();
    await data.connectedAccounts
      .create({
        id: accountId,
        user_id: userId,
        profile_id: profileId,
        item_id: itemId,
        account_name: 'Checking',
        account_type: 'depository',
        plaid_account_id: 'pa-1',
        current_balance: 123_45,
      })
      .go();
    for (const rows of [
      (await data.connectedAccounts.query.byProfile({ profile_id: profileId }).go()).data,
      // gsi2 and gsi3 hold the account's id only: the whole account is read by key.
      (await data.connectedAccounts.query.byUser({ user_id: userId }).go({ hydrate: true })).data,
      (await data.connectedAccounts.query.byItem({ item_id: itemId }).go({ hydrate: true })).data,
    ]) {
      expect(rows[0]).toMatchObject({
        id: accountId,
        current_balance: 12345,
        is_active: true,
        historical_sync_status: 'pending',
      });
    }
  });

  it('transactions and raw transactions: by account and date range, by profile', async () => {
    const accountId = id();
    const profileId = id();
    for (const [date, amount] of [
      ['2026-10-01', 1000],
      ['2026-10-15', -250000],
      ['2026-11-01', 499],
    ] as const) {
      await data.transactions
        .create({
          id: id(),
          user_id: 'u',
          profile_id: profileId,
          account_id: accountId,
          date,
          name: 'x',
          amount,
          personal_finance_category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
        })
        .go();
      await data.plaidTransactionsRaw
        .create({ plaid_transaction_id: id(), user_id: 'u', account_id: accountId, date, amount, name: 'x' })
        .go();
    }
    const { data: october } = await data.transactions.query
      .byAccountDate({ account_id: accountId })
      .between({ date: '2026-10-01' }, { date: '2026-10-31~' })
      .go();
    expect(october.map((t) => t.amount)).toEqual([1000, -250000]);
    expect((await data.transactions.query.byProfileDate({ profile_id: profileId }).go()).data).toHaveLength(
      3,
    );
    const { data: raw } = await data.plaidTransactionsRaw.query
      .byAccountDate({ account_id: accountId })
      .gte({ date: '2026-10-15' })
      .go();
    expect(raw).toHaveLength(2);
  });

  it('money plan transactions and categories: by profile and due date, by series', async () => {
    const profileId = id();
    const itemId = id();
    await data.moneyPlanTransactions
      .create({
        id: itemId,
        profile_id: profileId,
        user_id: 'u',
        due_date: '2026-12-01',
        amount: -120000,
        description: 'Rent',
        is_generated: true,
        series_id: 'rent',
      })
      .go();
    const { data: planned } = await data.moneyPlanTransactions.query
      .byProfileDueDate({ profile_id: profileId })
      .go();
    expect(planned[0]).toMatchObject({
      description: 'Rent',
      is_reconciled: false,
      is_user_deleted: false,
      is_generated: true,
    });
    expect(
      (await data.moneyPlanTransactions.query.bySeries({ profile_id: profileId, series_id: 'rent' }).go())
        .data,
    ).toHaveLength(1);
    await data.moneyPlanCategories
      .create({ id: id(), profile_id: profileId, name: 'Housing', created_by: 'u' })
      .go();
    expect(
      (await data.moneyPlanCategories.query.byProfile({ profile_id: profileId }).go()).data[0]?.name,
    ).toBe('Housing');
  });

  it('running balances: one item per account per month, its days as columns', async () => {
    const accountId = id();
    await data.runningBalanceMonths
      .put({
        account_id: accountId,
        month: '2026-11',
        profile_id: 'p',
        user_id: 'u',
        first_date: '2026-11-22',
        closing: [90, 80],
        forecasted: [0, -10],
        allowance: [0, -5],
        actual_first: -10,
        first_is_today: true,
        generation_id: 'g1',
      })
      .go();
    const { data: months } = await data.runningBalanceMonths.query
      .byAccountMonth({ account_id: accountId })
      .go();
    expect(months[0]).toMatchObject({ closing: [90, 80], allowance_before: 0, generation_id: 'g1' });
  });

  it('notifications by target page, admin list, and dismissals per user', async () => {
    const notificationId = id();
    await data.userNotifications
      .create({ id: notificationId, title: 'Hi', content: '<p>Hello</p>', target_page: 'calendar' })
      .go();
    const { data: forCalendar } = await data.userNotifications.query
      .byTargetPage({ target_page: 'calendar' })
      .go();
    expect(forCalendar.find((n) => n.id === notificationId)).toMatchObject({
      is_active: true,
      style_variant: 'info',
      priority: 0,
    });
    expect((await data.userNotifications.query.all({}).go()).data.some((n) => n.id === notificationId)).toBe(
      true,
    );
    await data.notificationDismissals.put({ user_id: 'u1', notification_id: notificationId }).go();
    expect(
      (await data.notificationDismissals.query.byUser({ user_id: 'u1' }).go()).data.map(
        (d) => d.notification_id,
      ),
    ).toContain(notificationId);
  });

  it('onboarding responses', async () => {
    const sessionId = id();
    await data.onboardingResponses
      .put({ session_id: sessionId, challenge: 'debt', goal: 'emergency-savings', confidence_level: 3 })
      .go();
    expect((await data.onboardingResponses.get({ session_id: sessionId }).go()).data).toMatchObject({
      confidence_level: 3,
    });
    await expect(
      data.onboardingResponses
        .put({ session_id: id(), challenge: 'debt', goal: 'not-sure', confidence_level: 9 })
        .go(),
    ).rejects.toThrow();
  });

  it('alert and e-mail preferences default as the spec says; engagement metrics upsert', async () => {
    const userId = id();
    await data.alertPreferences.put({ user_id: userId }).go();
    await data.emailPreferences.put({ user_id: userId }).go();
    expect((await data.alertPreferences.get({ user_id: userId }).go()).data).toMatchObject({
      critical_alert_frequency: 'immediate',
      high_alert_frequency: 'hourly',
      medium_alert_frequency: 'daily',
      low_alert_frequency: 'daily',
      enable_smart_batching: true,
    });
    expect((await data.emailPreferences.get({ user_id: userId }).go()).data).toMatchObject({
      marketing_emails: true,
      onboarding_emails: true,
      weekly_digest: true,
      monthly_report: true,
      ai_insights: true,
    });
    await data.engagementMetrics.upsert({ user_id: userId, accounts_connected: 1 }).go();
    await data.engagementMetrics.upsert({ user_id: userId, accounts_connected: 2 }).go();
    expect((await data.engagementMetrics.get({ user_id: userId }).go()).data?.accounts_connected).toBe(2);
  });

  it('e-mail sends by user (newest last in key order) and by campaign; campaigns and templates', async () => {
    const userId = id();
    const campaignId = id();
    await data.emailCampaigns.create({ id: campaignId, name: 'Welcome', campaign_type: 'onboarding' }).go();
    await data.emailCampaignTemplates
      .create({
        id: id(),
        campaign_id: campaignId,
        name: 'Day 1',
        template_type: 'html',
        subject_line: 'Welcome!',
      })
      .go();
    for (const sentAt of ['2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z']) {
      await data.emailSends
        .create({
          id: id(),
          user_id: userId,
          to_email: 'a@b.c',
          campaign_id: campaignId,
          subject: 'Welcome!',
          sent_at: sentAt,
          status: 'sent',
        })
        .go();
    }
    const { data: newestFirst } = await data.emailSends.query
      .byUser({ user_id: userId })
      .go({ order: 'desc', limit: 50 });
    expect(newestFirst.map((e) => e.sent_at)).toEqual(['2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z']);
    expect((await data.emailSends.query.byCampaign({ campaign_id: campaignId }).go()).data).toHaveLength(2);
    expect(
      (await data.emailCampaignTemplates.query.byCampaign({ campaign_id: campaignId }).go()).data[0]
        ?.subject_line,
    ).toBe('Welcome!');
  });

  it('verification codes, trusted devices and realtime connections', async () => {
    const userId = id();
    await data.verificationCodes
      .create({
        user_id: userId,
        id: id(),
        code_hash: 'h',
        code_type: 'login',
        method: 'email',
        expires_at: '2099-01-01T00:00:00Z',
        ttl: 4_000_000_000,
      })
      .go();
    expect((await data.verificationCodes.query.byUser({ user_id: userId }).go()).data[0]).toMatchObject({
      used: false,
      attempts: 0,
    });
    await data.trustedDevices
      .create({
        user_id: userId,
        id: 'd1',
        token_hash: 'th',
        fingerprint_hash: 'fp',
        label: 'Chrome on Linux',
        expires_at: '2099-01-01T00:00:00Z',
        ttl: 4_000_000_000,
      })
      .go();
    await data.trustedDevices.patch({ user_id: userId, id: 'd1' }).set({ is_active: false }).go();
    expect((await data.trustedDevices.get({ user_id: userId, id: 'd1' }).go()).data?.is_active).toBe(false);
    await data.realtimeConnections
      .create({ connection_id: 'c-' + userId, user_id: userId, ttl: 4_000_000_000 })
      .go();
    expect((await data.realtimeConnections.query.byUser({ user_id: userId }).go()).data).toHaveLength(1);
  });
});
