import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { eventBridgeBus, EventPublishError, inProcessBus, type BusEvent } from './event-bus.ts';

const detail = { userId: 'u1', profileId: 'p1', itemId: 'i1', accountIds: ['a1', 'a2'] };

describe('EventBridge bus', () => {
  const eventBridge = mockClient(EventBridgeClient);
  afterEach(() => eventBridge.reset());

  it('publishes the validated detail on the product bus with the product source', async () => {
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });

    await eventBridgeBus(new EventBridgeClient({ region: 'us-east-1' }), 'moneycal-bus').publish(
      'AccountLinked',
      detail,
    );

    expect(eventBridge.commandCalls(PutEventsCommand)[0]?.args[0].input.Entries).toEqual([
      {
        EventBusName: 'moneycal-bus',
        Source: 'money-calendar',
        DetailType: 'AccountLinked',
        Detail: JSON.stringify(detail),
      },
    ]);
  });

  it('fails when EventBridge refuses the entry', async () => {
    eventBridge
      .on(PutEventsCommand)
      .resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'boom' }] });
    const bus = eventBridgeBus(new EventBridgeClient({ region: 'us-east-1' }), 'moneycal-bus');
    await expect(bus.publish('AccountLinked', detail)).rejects.toBeInstanceOf(EventPublishError);
  });

  it('refuses a detail that breaks its contract before sending anything', async () => {
    const bus = eventBridgeBus(new EventBridgeClient({ region: 'us-east-1' }), 'moneycal-bus');
    await expect(bus.publish('AccountLinked', { ...detail, accountIds: 'a1' } as never)).rejects.toThrow();
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
  });
});

describe('in-process bus', () => {
  it('delivers an EventBridge-shaped event', async () => {
    const delivered: BusEvent[] = [];
    await inProcessBus(async (event) => {
      delivered.push(event);
    }).publish('AccountLinked', detail);

    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      version: '0',
      source: 'money-calendar',
      'detail-type': 'AccountLinked',
      detail,
    });
  });
});
