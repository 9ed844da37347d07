// Lambdas that answer HTTP and also run on an EventBridge event or schedule (catalog `events` and
// `schedule`): the HTTP path goes through the handler stack; the others get the deps and the event.
import type { Context } from 'aws-lambda';
import type { EventDetailType } from '../../events/contracts.ts';
import { catalogByName } from '../catalog.ts';
import { recordRequest, recordScheduleRun } from './admin/metrics.ts';
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
    // In the cloud the Lambda's environment names its entry; the local gateway names it `local-<name>`.
    const name = process.env.CATALOG_NAME ?? context.functionName.replace(/^local-/, '');
    const started = Date.now();
    if (event.source === 'aws.events' && event['detail-type'] === 'Scheduled Event') {
      if (!triggers.onSchedule) throw new Error('this function has no schedule');
      const scheduleId = catalogByName.get(name)?.schedule?.id;
      try {
        const result = await triggers.onSchedule(deps, context);
        log.info('scheduled run', { result });
        await recordScheduleRun(deps, name, scheduleId, { ok: true, durationMs: Date.now() - started });
        return result;
      } catch (error) {
        const message = (error as Error).message;
        await recordScheduleRun(deps, name, scheduleId, {
          ok: false,
          error: message,
          durationMs: Date.now() - started,
        });
        throw error;
      }
    }
    if (!triggers.onEvent) throw new Error(`this function consumes no ${event['detail-type']} events`);
    // Event deliveries count on the system screen as `event:<detail-type>:<consumer>`; a throw is a failure.
    const metric = `event:${event['detail-type']}:${name}`;
    try {
      const result = await triggers.onEvent(event as BusEvent, deps, context);
      log.info('event handled', { result });
      await recordRequest(deps, metric, 200, Date.now() - started);
      return result;
    } catch (error) {
      await recordRequest(deps, metric, 500, Date.now() - started);
      throw error;
    }
  };
}
