// The realtime publisher: each bus event that changes what a browser shows becomes
// one push to every open connection of everyone it concerns (every member of the affected profile);
// connections that answer 410 Gone are forgotten. docs/realtime.md.
import type { Context } from 'aws-lambda';
import { REALTIME_EVENTS, type RealtimeEvent } from '../../events/realtime.ts';
import { dataFor } from '../lib/data/index.ts';
import { getDeps, type Deps } from '../lib/deps.ts';
import type { BusEvent } from '../lib/ports/event-bus.ts';
import { fanOut, pushFor, type FanOutResult } from '../lib/realtime/connections.ts';

const isRealtimeEvent = (event: BusEvent): event is BusEvent<RealtimeEvent> =>
  (REALTIME_EVENTS as readonly string[]).includes(event['detail-type']);

export async function publish(event: BusEvent, deps: Deps): Promise<FanOutResult & { event: string }> {
  if (!isRealtimeEvent(event))
    throw new Error(`realtime-publisher consumes no ${event['detail-type']} events`);
  const data = dataFor(deps);
  const { push, audience } = await pushFor(data, event);
  const result = await fanOut(deps, data, push, audience);
  deps.logger.info('realtime push', {
    fn: 'realtime-publisher',
    event: event['detail-type'],
    eventId: event.id,
    profileId: push.profileId,
    audience: audience === 'everyone' ? 'everyone' : audience.userIds.length,
    ...result,
  });
  return { event: event['detail-type'], ...result };
}

export const handler = (event: BusEvent, _context?: Context) => publish(event, getDeps());
