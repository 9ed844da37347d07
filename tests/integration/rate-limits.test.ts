// The public routes carry their own throttle (functions/catalog.ts PUBLIC_ROUTE_THROTTLE),
// API Gateway route throttling in the cloud and the same token bucket in the local gateway. A flood is
// answered 429 with spec §8's rate-limit message before any handler runs, so nothing past the limit is
// stored; the bucket refills and the route answers again.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../domain/errors.ts';
import { PUBLIC_ROUTE_THROTTLE } from '../../functions/catalog.ts';
import { api, directData } from './helpers.ts';

const answers = {
  challenge: 'paycheck-to-paycheck',
  goal: 'emergency-savings',
  confidence_level: 3,
};
const refill = () =>
  new Promise((resolve) =>
    setTimeout(resolve, (PUBLIC_ROUTE_THROTTLE.burst / PUBLIC_ROUTE_THROTTLE.rate) * 1000 + 500),
  );

/** Sends `requests` at once; their answers, and the most a token bucket lets through meanwhile: its
 * burst plus what refills while the flood arrives (on a loaded machine a flood can take seconds to
 * reach the gateway). */
async function timedFlood<T>(
  requests: Array<() => Promise<T>>,
): Promise<{ results: T[]; mostAllowed: number }> {
  const started = Date.now();
  const results = await Promise.all(requests.map((send) => send()));
  const seconds = (Date.now() - started) / 1000;
  return {
    results,
    mostAllowed: PUBLIC_ROUTE_THROTTLE.burst + Math.ceil(PUBLIC_ROUTE_THROTTLE.rate * seconds) + 1,
  };
}

describe('rate limits on the public routes', () => {
  it('answers a flood of questionnaire posts 429 with the spec message and stores nothing past the limit', async () => {
    await refill();
    const sessions = Array.from({ length: PUBLIC_ROUTE_THROTTLE.burst * 3 }, () => randomUUID());
    const { results, mostAllowed } = await timedFlood(
      sessions.map(
        (session_id) => () =>
          api<{ message?: string }>('POST', '/onboarding-responses', { body: { ...answers, session_id } }),
      ),
    );
    const refused = results.filter((r) => r.status === 429);
    const stored = await Promise.all(
      sessions.map(
        async (session_id) => (await directData().onboardingResponses.get({ session_id }).go()).data,
      ),
    );

    expect(results.filter((r) => r.status === 201).length).toBeLessThanOrEqual(mostAllowed);
    expect(refused.length).toBeGreaterThanOrEqual(PUBLIC_ROUTE_THROTTLE.burst);
    expect(refused.every((r) => r.body.message === errorMessages.rate_limit)).toBe(true);
    // Exactly the accepted posts were stored; no refused one was.
    expect(stored.filter(Boolean).length).toBe(results.filter((r) => r.status === 201).length);

    await refill();
    const after = await api('POST', '/onboarding-responses', {
      body: { ...answers, session_id: randomUUID() },
    });
    expect(after.status).toBe(201);
  });

  it('limits invitation token lookups the same way (guessing tokens is slowed, not served)', async () => {
    const { results, mostAllowed } = await timedFlood(
      Array.from({ length: 100 }, () => () => api('GET', `/invitations/${'x'.repeat(43)}`)),
    );
    const statuses = new Set(results.map((r) => r.status));

    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(100 - mostAllowed);
    expect([...statuses].sort()).toEqual([404, 429]);
    await refill();
  });
});
