// Lambdas that answer HTTP and also run on an EventBridge event or schedule (catalog `events` and
// `schedule`): the HTTP path goes through the handler stack; the others get the deps and the event.
import type { Context } from 'aws-lambda';
import type { EventDetailType } from '../../events/contracts.ts';
import { getDeps, type Deps } from './deps.ts';
import type { ApiEvent, ApiResult } from './http.ts';
import type { BusEvent } from './ports/event-bus.ts';

type HttpLambda = (event: ApiEvent, context: Context) => Promise<ApiResult | void>;

export interface Triggers {
  onEvent?: (event: BusEvent<EventDetailType>, deps: Deps, context: Context) => Promise<unknown>;
  onSchedule?: (deps: Deps, context: Context) => Promise<unknown>;
}

const isEventBridge = (event: unknown): event is { 'detail-type': string; source: string } =>
  typeof event === 'object' && event !== null && 'detail-type' in event && 'source' in event;

export function withTriggers(http: HttpLambda, triggers: Triggers) {
  return async (event: unknown, context: Context) => {
    if (!isEventBridge(event)) return http(event as ApiEvent, context);
    const deps = getDeps();
    const log = deps.logger.child({ fn: process.env.CATALOG_NAME, trigger: event['detail-type'] });
    if (event.source === 'aws.events' && event['detail-type'] === 'Scheduled Event') {
      if (!triggers.onSchedule) throw new Error('this function has no schedule');
      const result = await triggers.onSchedule(deps, context);
      log.info('scheduled run', { result });
      return result;
    }
    if (!triggers.onEvent) throw new Error(`this function consumes no ${event['detail-type']} events`);
    const result = await triggers.onEvent(event as BusEvent, deps, context);
    log.info('event handled', { result });
    return result;
  };
}
