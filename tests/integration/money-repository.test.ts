// The money engine's entities round-trip through DynamoDB Local by each of their access patterns:
// series (detected streams, user repeating items, suppression), rejected reconciliation pairs, the
// profile's forecast state with its lease and sparse nightly index, and planned items by series.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { directData } from './helpers.ts';

const data = directData();
const id = () => randomUUID();

describe('money engine repository (DynamoDB Local)', () => {
  it('series: by profile; a suppression and series-wide edits survive a refresh of the stream', async () => {
    const profileId = id();
    await data.moneyPlanSeries
      .put({
        profile_id: profileId,
        series_id: 'rs_abc',
        source: 'detected',
        account_id: 'acc-1',
        description: 'Netflix',
        amount: -1549,
        kind: 'subscription',
        cadence: 'monthly',
        schedule: { cadence: 'monthly', anchor_month: '2026-01', day: 17, shift: 'none' },
        starts: '2026-12-17',
        transactions: [{ id: 't1', date: '2026-11-17', amount: 1549, name: 'NETFLIX.COM' }],
      })
      .go();
    await data.moneyPlanSeries
      .put({
        profile_id: profileId,
        series_id: 'us_1',
        source: 'user',
        description: 'Allowance for Sam',
        amount: -2000,
        kind: 'bill',
        cadence: 'weekly',
        schedule: { cadence: 'weekly', anchor: '2026-11-23', shift: 'none' },
        starts: '2026-11-23',
        until: '2027-06-30',
      })
      .go();
    await data.moneyPlanSeries
      .patch({ profile_id: profileId, series_id: 'rs_abc' })
      .set({ is_suppressed: true, overrides: { amount: -1699 } })
      .go();
    await data.moneyPlanSeries
      .patch({ profile_id: profileId, series_id: 'rs_abc' })
      .set({ starts: '2027-01-17', detected_at: '2026-12-18T00:00:00.000Z' })
      .go();
    const { data: all } = await data.moneyPlanSeries.query.byProfile({ profile_id: profileId }).go();
    expect(all.map((s) => s.series_id)).toEqual(['rs_abc', 'us_1']);
    expect(all[0]).toMatchObject({
      is_suppressed: true,
      overrides: { amount: -1699 },
      starts: '2027-01-17',
      status: 'active',
      schedule: { cadence: 'monthly', day: 17 },
    });
    expect(all[1]).toMatchObject({ source: 'user', is_suppressed: false, until: '2027-06-30' });
  });

  it('rejected reconciliation pairs: by profile, one item per pair, idempotent', async () => {
    const profileId = id();
    const pair = { profile_id: profileId, planned_id: 'pi_1', transaction_id: 'tx_1', rejected_by: 'u' };
    await data.reconciliationRejections.put(pair).go();
    await data.reconciliationRejections.put(pair).go();
    await data.reconciliationRejections.put({ ...pair, transaction_id: 'tx_2' }).go();
    const { data: rejected } = await data.reconciliationRejections.query
      .byProfile({ profile_id: profileId })
      .go();
    expect(rejected.map((r) => `${r.planned_id}/${r.transaction_id}`)).toEqual(['pi_1/tx_1', 'pi_1/tx_2']);
    expect(rejected[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('forecast state: inputs version counter, a lease taken once, and the sparse nightly index', async () => {
    const profileId = id();
    await data.profileForecasts.update({ profile_id: profileId }).add({ inputs_version: 1 }).go();
    await data.profileForecasts.update({ profile_id: profileId }).add({ inputs_version: 1 }).go();
    expect((await data.profileForecasts.get({ profile_id: profileId }).go()).data?.inputs_version).toBe(2);

    const take = (owner: string) =>
      data.profileForecasts
        .update({ profile_id: profileId })
        .set({ lock_owner: owner, lock_expires_at: '2999-01-01T00:00:00.000Z' })
        .where((a, op) => `${op.notExists(a.lock_expires_at)} OR ${op.lt(a.lock_expires_at, '2026-01-01')}`)
        .go();
    await take('first');
    await expect(take('second')).rejects.toThrow(/conditional/i);

    const due = '1999-01-01T00:00:00.000Z';
    const inQueue = async () =>
      (
        await data.profileForecasts.query
          .byForecastDue({ forecast_queue: 'due' })
          .lte({ next_due_at: due })
          .go({ pages: 'all' })
      ).data.filter((p) => p.profile_id === profileId);
    expect(await inQueue()).toHaveLength(0);
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .set({ forecast_queue: 'due', next_due_at: due, generation_id: 'g1' })
      .go();
    expect(await inQueue()).toHaveLength(1);
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .remove(['forecast_queue', 'next_due_at'])
      .go();
    expect(await inQueue()).toHaveLength(0);
  });

  it('planned items: a one-off is a series of one; edits of the due date re-key both indexes', async () => {
    const profileId = id();
    await data.moneyPlanTransactions
      .create({
        id: 'pi_x',
        profile_id: profileId,
        user_id: 'u',
        due_date: '2027-01-05',
        amount: -5000,
        description: 'Dentist',
        series_id: 'pi_x',
        reconciliation_reasons: ['Same account'],
      })
      .go();
    await data.moneyPlanTransactions
      .patch({ id: 'pi_x' })
      .set({ due_date: '2027-01-09', is_user_edited: true })
      .composite({ profile_id: profileId, series_id: 'pi_x' })
      .go();
    const { data: byDate } = await data.moneyPlanTransactions.query
      .byProfileDueDate({ profile_id: profileId })
      .between({ due_date: '2027-01-09' }, { due_date: '2027-01-09~' })
      .go();
    const { data: bySeries } = await data.moneyPlanTransactions.query
      .bySeries({ profile_id: profileId, series_id: 'pi_x' })
      .go({ hydrate: true });
    expect(byDate.map((i) => i.id)).toEqual(['pi_x']);
    expect(bySeries[0]).toMatchObject({ due_date: '2027-01-09', reconciliation_reasons: ['Same account'] });
  });
});
