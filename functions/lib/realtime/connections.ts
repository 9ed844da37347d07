// Realtime connections: remembered on $connect, forgotten on $disconnect or when a
// push answers 410 Gone; and the fan-out that sends one bus event to every open connection of everyone
// it concerns — every member of the affected financial profile (owner, editors, viewers).
import { CONNECTION_TTL_SECONDS, type RealtimeEvent, type RealtimePush } from '../../../events/realtime.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import type { BusEvent } from '../ports/event-bus.ts';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function openConnection(data: Data, connectionId: string, userId: string, now: Date) {
  await data.realtimeConnections
    .put({
      connection_id: connectionId,
      user_id: userId,
      connected_at: now.toISOString(),
      ttl: epochSeconds(now) + CONNECTION_TTL_SECONDS,
    })
    .go();
}

export async function closeConnection(data: Data, connectionId: string) {
  await data.realtimeConnections.delete({ connection_id: connectionId }).go();
}

/** Who a pushed event concerns: some people, or everyone connected (a notice targets every page). */
export type Audience = { userIds: string[] } | 'everyone';

/** The owner and every member of a profile; an archived or missing profile concerns nobody. */
export async function profileAudience(data: Data, profileId: string): Promise<string[]> {
  const [{ data: profile }, { data: members }] = await Promise.all([
    data.financialProfiles.get({ id: profileId }).go(),
    data.profileMembers.query.byProfile({ profile_id: profileId }).go({ pages: 'all' }),
  ]);
  if (!profile || profile.is_archived) return [];
  return [...new Set([profile.owner_user_id, ...members.map((m) => m.user_id)])];
}

/** The push a bus event becomes, and whom it goes to. */
export async function pushFor(
  data: Data,
  event: BusEvent<RealtimeEvent>,
): Promise<{ push: RealtimePush; audience: Audience }> {
  const base = { type: 'event' as const, id: event.id, event: event['detail-type'], at: event.time };
  const detail = event.detail as Partial<Record<'profileId' | 'userId', string | null>> & {
    accountIds?: string[];
    job?: RealtimePush['job'];
  };
  if (event['detail-type'] === 'NoticePublished') {
    return { push: { ...base, profileId: null }, audience: 'everyone' };
  }
  if (event['detail-type'] === 'MemberRemoved' && detail.profileId) {
    // Only the person who lost access: their open pages drop the profile at once. The profile's
    // remaining audience no longer includes them, so no other push would tell them.
    return {
      push: { ...base, profileId: detail.profileId },
      audience: { userIds: detail.userId ? [detail.userId] : [] },
    };
  }
  if (event['detail-type'] === 'SubscriptionChanged' || !detail.profileId) {
    // A person's own records (or a sync of accounts not yet in a profile): that person only.
    return {
      push: { ...base, profileId: null },
      audience: { userIds: detail.userId ? [detail.userId] : [] },
    };
  }
  return {
    push: {
      ...base,
      profileId: detail.profileId,
      ...(detail.accountIds ? { accountIds: detail.accountIds } : {}),
      // A job's step reaches every member's open page, as the plan it builds does.
      ...(detail.job ? { job: detail.job } : {}),
    },
    audience: { userIds: await profileAudience(data, detail.profileId) },
  };
}

export interface FanOutResult {
  connections: number;
  sent: number;
  /** Connections that answered 410 Gone and were forgotten. */
  gone: number;
  failed: number;
}

/** Open connections of the audience (expired records are skipped: DynamoDB deletes by TTL lazily). */
async function connectionsOf(data: Data, audience: Audience, now: Date) {
  const alive = (c: { ttl: number }) => c.ttl > epochSeconds(now);
  if (audience === 'everyone') {
    const { data: all } = await data.realtimeConnections.query.all({}).go({ pages: 'all', hydrate: true });
    return all.filter(alive);
  }
  const lists = await Promise.all(
    audience.userIds.map(
      async (userId) =>
        (await data.realtimeConnections.query.byUser({ user_id: userId }).go({ pages: 'all' })).data,
    ),
  );
  return lists.flat().filter(alive);
}

/** Sends the push to every open connection of the audience; a 410 Gone forgets that connection. */
export async function fanOut(
  deps: Pick<Deps, 'realtime' | 'clock' | 'logger'>,
  data: Data,
  push: RealtimePush,
  audience: Audience,
): Promise<FanOutResult> {
  const connections = await connectionsOf(data, audience, deps.clock());
  const message = JSON.stringify(push);
  const result: FanOutResult = { connections: connections.length, sent: 0, gone: 0, failed: 0 };
  await Promise.all(
    connections.map(async ({ connection_id }) => {
      try {
        if ((await deps.realtime.send(connection_id, message)) === 'sent') {
          result.sent += 1;
          return;
        }
        await closeConnection(data, connection_id);
        result.gone += 1;
      } catch (error) {
        // One unreachable connection must not keep the event from the others; the browser catches up
        // when its socket reconnects.
        result.failed += 1;
        deps.logger.warn('realtime push failed', { connectionId: connection_id, error: String(error) });
      }
    }),
  );
  return result;
}
