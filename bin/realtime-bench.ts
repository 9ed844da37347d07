// `npm run bench`, realtime: time from a bus event being published to the message
// arriving on every browser socket of the profile's members (the local bus, the publisher, the
// connection reads, the local ws server), p50/p95 over every socket and event, beside the gateway's
// request p95 in the same run (GET /profiles/me). Budget: p95 under 250 ms.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { getDeps } from '../functions/lib/deps.ts';
import type { LocalCloud } from '../local/cloud.ts';
import { percentile, type Figure } from './money-bench.ts';

const SOCKETS = 4;

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

export async function benchRealtime(cloud: LocalCloud, token: string, events: number): Promise<Figure[]> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${cloud.urls.api}/functions/ensure-default-profile`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  const { profile } = (await created.json()) as { profile: { id: string } };
  const sockets = await Promise.all(
    Array.from({ length: SOCKETS }, () =>
      open(`${cloud.config.realtimeUrl}?token=${encodeURIComponent(token)}`),
    ),
  );
  const latencies: number[] = [];
  try {
    const bus = getDeps().events;
    for (let i = 0; i < events + 5; i++) {
      const accountId = `bench-${i}`;
      const arrived = sockets.map(
        (ws) =>
          new Promise<number>((resolve) => {
            const onMessage = (data: WebSocket.RawData) => {
              if (!data.toString().includes(accountId)) return;
              ws.off('message', onMessage);
              resolve(performance.now());
            };
            ws.on('message', onMessage);
          }),
      );
      const published = performance.now();
      // ForecastUpdated: only the publisher consumes it, so no forecast rebuild runs beside the push.
      await bus.publish('ForecastUpdated', { profileId: profile.id, accountIds: [accountId] });
      const times = await Promise.all(arrived);
      if (i >= 5) latencies.push(...times.map((t) => t - published)); // 5 warm-up events
    }
  } finally {
    for (const ws of sockets) ws.terminate();
  }

  const requests: number[] = [];
  for (let i = 0; i < 120; i++) {
    const started = performance.now();
    const response = await fetch(`${cloud.urls.api}/profiles/me`, { headers });
    await response.text();
    if (i >= 20) requests.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  requests.sort((a, b) => a - b);
  const gatewayP95 = percentile(requests, 95);
  return [
    {
      name: `realtime fan-out p50 (bus event → message on each of ${SOCKETS} sockets, ${events} events)`,
      value: percentile(latencies, 50),
      unit: 'ms',
      baselineName: 'gateway request GET /profiles/me p50, same run',
      baseline: percentile(requests, 50),
    },
    {
      name: 'realtime fan-out p95',
      value: percentile(latencies, 95),
      unit: 'ms',
      baselineName: 'gateway request GET /profiles/me p95, same run (budget 250 ms)',
      baseline: gatewayP95,
      budget: 250,
    },
  ];
}
