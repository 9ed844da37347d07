// The event-bus port: EventBridge in the cloud, an in-process bus in the local cloud. Every detail is
// validated against its contract in events/contracts.ts before it is published, so a consumer never
// receives a shape its contract does not promise.
import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { randomUUID } from 'node:crypto';
import {
  EVENT_SOURCE,
  eventContracts,
  type EventDetail,
  type EventDetailType,
} from '../../../events/contracts.ts';

export interface EventBus {
  publish<T extends EventDetailType>(detailType: T, detail: EventDetail<T>): Promise<void>;
}

/** The EventBridge event a consumer Lambda receives. */
export interface BusEvent<T extends EventDetailType = EventDetailType> {
  version: '0';
  id: string;
  'detail-type': T;
  source: typeof EVENT_SOURCE;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: EventDetail<T>;
}

export class EventPublishError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EventPublishError';
  }
}

const validated = <T extends EventDetailType>(detailType: T, detail: EventDetail<T>): EventDetail<T> =>
  eventContracts[detailType].parse(detail) as EventDetail<T>;

export function eventBridgeBus(client: EventBridgeClient, busName: string): EventBus {
  return {
    async publish(detailType, detail) {
      const result = await client.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: busName,
              Source: EVENT_SOURCE,
              DetailType: detailType,
              Detail: JSON.stringify(validated(detailType, detail)),
            },
          ],
        }),
      );
      if ((result.FailedEntryCount ?? 0) > 0) {
        const entry = result.Entries?.[0];
        throw new EventPublishError(
          `EventBridge refused ${detailType}: ${entry?.ErrorCode} ${entry?.ErrorMessage}`,
        );
      }
    },
  };
}

/** The local bus: hands each event, shaped as EventBridge delivers it, to `deliver` without waiting. */
export function inProcessBus(deliver: (event: BusEvent) => Promise<void>, region = 'us-east-1'): EventBus {
  return {
    async publish(detailType, detail) {
      const event: BusEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': detailType,
        source: EVENT_SOURCE,
        account: '000000000000',
        time: new Date().toISOString(),
        region,
        resources: [],
        detail: validated(detailType, detail),
      };
      void deliver(event);
    },
  };
}
