import { describe, expect, it } from 'vitest';
import { isSubscriberStatus, readIsSubscriber } from './subscriber.ts';

describe('subscriber from the stored subscription status (spec §3 subscriptionStatus)', () => {
  it('is a subscriber only when the status says subscribed', () => {
    expect(isSubscriberStatus(JSON.stringify({ subscribed: true, status: 'subscribed' }))).toBe(true);
    expect(isSubscriberStatus(JSON.stringify({ subscribed: false, is_trialing: true }))).toBe(false);
    expect(isSubscriberStatus(JSON.stringify({ subscribed: 'true' }))).toBe(false);
  });

  it('treats a missing or corrupt status as not subscribed', () => {
    for (const raw of [null, '', '{bad', 'null', 'true'])
      expect(isSubscriberStatus(raw), String(raw)).toBe(false);
  });

  it('reads the spec key', () => {
    const storage = {
      getItem: (key: string) => (key === 'subscriptionStatus' ? '{"subscribed":true}' : null),
    };
    expect(readIsSubscriber(storage)).toBe(true);
  });
});
