// What a change of the forecast's inputs does to it (docs/money-engine.md "When the forecast is
// rebuilt"). Every change marks it out of date (markInputsChanged): the next read rebuilds it before
// answering, and the daily upkeep rebuilds what nobody read. A change is rebuilt at once only when that
// brings something to a person: the plan changed (someone is editing it), or transactions changed on a
// cash account (the low-balance alert watches the cash forecast, and matters most when nobody looks) or
// while a member has the app open (their calendar shows them promptly). A balance that moved without a
// transaction waits for the next read or the daily upkeep.
import { isCashAccount } from '../../../domain/money/forecast.ts';
import type { EventDetail } from '../../../events/contracts.ts';
import { profileAudience } from '../realtime/connections.ts';
import { markInputsChanged, regenerateIfOutdated, type RegenerateOutcome } from './forecast-store.ts';
import { reconcileProfile } from './reconciliation.ts';
import type { MoneyContext } from './store.ts';

export interface UpkeepOutcome {
  /** Planned items the synced transactions settled. */
  readonly reconciled: number;
  /** 'deferred': marked out of date only; otherwise what the rebuild did. */
  readonly status: 'deferred' | 'current' | RegenerateOutcome['status'];
}

/** Whether a member of the profile has the app open: an unexpired realtime connection. */
export async function someoneHasTheAppOpen(ctx: MoneyContext, profileId: string): Promise<boolean> {
  const people = await profileAudience(ctx.data, profileId);
  const now = Math.floor(ctx.deps.clock().getTime() / 1000);
  const connections = await Promise.all(
    people.map(
      async (userId) =>
        (
          await ctx.data.realtimeConnections.query
            .byUser({ user_id: userId })
            .go({ pages: 'all', attributes: ['ttl'] })
        ).data,
    ),
  );
  return connections.flat().some((c) => c.ttl > now);
}

/** Whether any of these accounts holds cash (the cash forecast and its low-balance alert). */
async function touchesCash(ctx: MoneyContext, accountIds: readonly string[]): Promise<boolean> {
  if (accountIds.length === 0) return false;
  const { data: accounts } = await ctx.data.connectedAccounts
    .get([...new Set(accountIds)].map((id) => ({ id })))
    .go({ attributes: ['id', 'account_type'] });
  return accounts.some((a) => isCashAccount(a.account_type));
}

/** A sync (or an unlink) changed the profile's transactions or balances: TransactionsChanged. */
export async function afterTransactionsChanged(
  ctx: MoneyContext,
  profileId: string,
  change: Pick<EventDetail<'TransactionsChanged'>, 'accountIds' | 'added' | 'modified' | 'removed'>,
): Promise<UpkeepOutcome> {
  await markInputsChanged(ctx.data, profileId);
  // Only a balance moved: no transaction to reconcile, and nothing a person is waiting for.
  if (change.added + change.modified + change.removed === 0) return { reconciled: 0, status: 'deferred' };
  const reconciled = (await reconcileProfile(ctx, profileId)).matched;
  // The matches changed planned items after the bump above: a regeneration that read the inputs in
  // between would otherwise count as current without them (its month views too).
  if (reconciled > 0) await markInputsChanged(ctx.data, profileId);
  const now = (await touchesCash(ctx, change.accountIds)) || (await someoneHasTheAppOpen(ctx, profileId));
  if (!now) return { reconciled, status: 'deferred' };
  return { reconciled, status: (await regenerateIfOutdated(ctx, profileId)).status };
}

/** Someone changed the plan (PlanChanged, already marked by the write): their calendar waits for it. */
export async function afterPlanChanged(ctx: MoneyContext, profileId: string): Promise<UpkeepOutcome> {
  return { reconciled: 0, status: (await regenerateIfOutdated(ctx, profileId)).status };
}
