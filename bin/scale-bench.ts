// The scale run of `npm run bench`: synthetic people, each with their own records, default profile, bank
// item and accounts (First Gingham's checking, savings and card, linked once through the product's own
// exchange and shared at Plaid's sandbox), a forecast due and a visit on record, written into DynamoDB
// Local at two sizes. At each size the three largest schedules run
// as in the cloud — the scheduler finds the due units and enqueues them, the workers drain the local
// queues (SQS's semantics, each queue's maximum concurrency) — and every unit must be done: every due bank
// synced, every profile's forecast kept up, every digest sent. Per unit: the worker's time and the
// capacity consumed, which stay flat as people grow when nothing reads more than its own unit.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { dueShard, type QueueKey } from '../events/queues.ts';
import { meterCapacity, type Capacity, type CapacityMeter } from '../functions/lib/data/capacity-meter.ts';
import { dataFor, type Data } from '../functions/lib/data/index.ts';
import { getDeps, type Deps } from '../functions/lib/deps.ts';
import { recordActivity } from '../functions/lib/email/events.ts';
import { ensureDefaultProfile } from '../functions/lib/financial-profiles.ts';
import type { Caller } from '../functions/lib/http.ts';
import { exchangePublicToken } from '../functions/lib/plaid/items.ts';
import { sandboxPublicToken, startThrowawayCloud, type LocalCloud } from '../local/cloud.ts';
import { drainLocalWork } from '../local/work-queues.ts';
import type { Figure } from './money-bench.ts';

const INSTITUTION = 'ins_109509';
/** A loopback address nothing listens on (the discard port). */
const NO_WEBHOOK = 'http://127.0.0.1:9/plaid';
/** Seeding runs this many people at once. */
const SEED_PARALLEL = 8;

export interface ScalePhase {
  schedule: string;
  queue: QueueKey;
  unit: string;
  /** The schedule's period: every unit must be done well inside it. */
  windowMs: number;
}

export const SCALE_PHASES: readonly ScalePhase[] = [
  { schedule: 'forecast-nightly', queue: 'profileMaintenance', unit: 'profile', windowMs: 86_400_000 },
  { schedule: 'plaid-sync', queue: 'plaidRefresh', unit: 'bank', windowMs: 3_600_000 },
  { schedule: 'email-weekly-digest', queue: 'scheduledEmail', unit: 'person', windowMs: 7 * 86_400_000 },
];

export interface PhaseResult {
  phase: ScalePhase;
  people: number;
  units: number;
  scheduler: { ms: number; capacity: Capacity };
  /** Worker time per unit: this process's CPU time while the queue drained, over the units done (the
   * handlers' own work, steady however many run at once; DynamoDB Local's time is its own process's). */
  msPerUnit: number;
  /** The worker invocations' durations over the units they took (includes waiting on each other). */
  busyMsPerUnit: number;
  readPerUnit: number;
  writePerUnit: number;
  /** From the schedule's start until the last unit was done, on this machine. */
  wallMs: number;
  /** Units done (the work queue's deliveries), and whether any dead-lettered. */
  done: number;
  deadLettered: number;
}

/** Deps whose events and queued jobs go nowhere: seeding links banks without their first syncs. */
function seedingDeps(deps: Deps): Deps {
  return Object.assign(Object.create(deps) as Deps, {
    events: { publish: async () => undefined },
    queue: { send: async () => undefined },
  });
}

/** The sandbox bank every synthetic person's rows point at: linked once through the product's exchange. */
interface BankTemplate {
  accessToken: string;
  headCursor: string;
  itemId: string;
  institutionName: string | undefined;
  accounts: Array<Record<string, unknown>>;
}

const newCaller = (): Caller => {
  const userId = randomUUID();
  return {
    userId,
    email: `scale-${userId}@example.com`,
    fullName: 'Scale Person',
    groups: [],
    isAdmin: false,
    authTime: null,
  };
};

async function personWithProfile(data: Data, caller: Caller) {
  await data.profiles
    .create({ id: caller.userId, email: caller.email, full_name: caller.fullName ?? undefined })
    .go();
  return ensureDefaultProfile(data, caller);
}

async function linkTemplate(cloud: LocalCloud, deps: Deps, data: Data): Promise<BankTemplate> {
  const caller = newCaller();
  const profile = await personWithProfile(data, caller);
  const linked = await exchangePublicToken(
    deps,
    data,
    caller,
    profile.id,
    // No webhook: the sandbox's "history ready" webhooks would start the first sync the run leaves out.
    await sandboxPublicToken(cloud.urls.plaid, INSTITUTION, { webhook: NO_WEBHOOK }),
  );
  const { data: item } = await data.plaidItems.get({ id: linked.item_id }).go();
  const accessToken = await deps.tokenCipher.decrypt(item!.access_token_ciphertext, { item_id: item!.id });
  // The bank's cursor at Plaid's head: a scheduled refresh is an incremental sync with nothing new, the
  // common case of an hourly sweep. Taken once Plaid's first sync has the whole history (its two steps).
  const plaid = await deps.plaid();
  const headNow = () => plaid.transactionsSync({ access_token: accessToken, cursor: 'now' });
  let { data: head } = await headNow();
  for (let wait = 0; head.transactions_update_status !== 'HISTORICAL_UPDATE_COMPLETE' && wait < 600; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    ({ data: head } = await headNow());
  }
  const { data: accounts } = await data.connectedAccounts.query
    .byItem({ item_id: item!.id })
    .go({ pages: 'all', hydrate: true });
  return {
    accessToken,
    headCursor: head.next_cursor,
    itemId: item!.id,
    institutionName: item!.institution_name,
    accounts: accounts.map((account) => {
      const { created_at: _created, updated_at: _updated, ...rest } = account as Record<string, unknown>;
      return rest;
    }),
  };
}

/**
 * One synthetic person: their own records, profile, bank item and accounts, with the template bank's
 * token (encrypted for their item) and cursor. The sandbox holds one bank's history however many people
 * point at it, so thousands fit in memory; each person's refresh is still its own call to the sandbox.
 */
async function seedPerson(deps: Deps, data: Data, bank: BankTemplate, past: string) {
  const caller = newCaller();
  const profile = await personWithProfile(data, caller);
  const itemId = randomUUID();
  await data.plaidItems
    .create({
      id: itemId,
      user_id: caller.userId,
      profile_id: profile.id,
      plaid_item_id: `${bank.itemId}-${itemId}`,
      institution_name: bank.institutionName,
      access_token_ciphertext: await deps.tokenCipher.encrypt(bank.accessToken, { item_id: itemId }),
      plaid_sync_token: bank.headCursor,
      next_refresh_after: past,
      refresh_queue: dueShard(itemId),
    })
    .go();
  await Promise.all(
    bank.accounts.map((account) =>
      data.connectedAccounts
        .create({
          ...(account as Parameters<typeof data.connectedAccounts.create>[0]),
          id: randomUUID(),
          user_id: caller.userId,
          profile_id: profile.id,
          item_id: itemId,
        })
        .go(),
    ),
  );
  await data.profileForecasts
    .upsert({ profile_id: profile.id, next_due_at: past, forecast_queue: dueShard(profile.id) })
    .go();
  await recordActivity(data, caller.userId, new Date());
}

export async function seed(cloud: LocalCloud, count: number) {
  const deps = seedingDeps(getDeps());
  const data = dataFor(getDeps());
  const bank = await linkTemplate(cloud, deps, data);
  const past = new Date(Date.now() - 60_000).toISOString();
  for (let i = 0; i < count; i += SEED_PARALLEL)
    await Promise.all(
      Array.from({ length: Math.min(SEED_PARALLEL, count - i) }, () => seedPerson(deps, data, bank, past)),
    );
}

async function ops(cloud: LocalCloud, path: string): Promise<unknown> {
  const response = await fetch(`${cloud.urls.api}/__ops${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`/__ops${path} answered ${response.status}`);
  return response.json();
}

async function runPhase(
  cloud: LocalCloud,
  meter: CapacityMeter,
  phase: ScalePhase,
  people: number,
): Promise<PhaseResult> {
  await drainLocalWork(cloud.events, cloud.queues);
  const workBefore = cloud.queues.work(phase.queue);
  const deadBefore = cloud.queues.counts(phase.queue).deadLettered;
  const started = performance.now();
  const scheduled = await meter.measure(() => ops(cloud, `/schedules/${phase.schedule}/run`));
  const schedulerMs = performance.now() - started;
  const cpu = process.cpuUsage();
  const worked = await meter.measure(() => drainLocalWork(cloud.events, cloud.queues));
  const cpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu));
  const wallMs = performance.now() - started;
  const work = cloud.queues.work(phase.queue);
  const messages = work.messages - workBefore.messages;
  const units = Number(
    ((scheduled.result as { results: Array<{ result: { enqueued?: number } }> }).results[0]?.result ?? {})
      .enqueued ?? 0,
  );
  return {
    phase,
    people,
    units,
    scheduler: { ms: schedulerMs, capacity: scheduled.capacity },
    msPerUnit: cpuMs / Math.max(1, messages),
    busyMsPerUnit: (work.busyMs - workBefore.busyMs) / Math.max(1, messages),
    readPerUnit: worked.capacity.read / Math.max(1, messages),
    writePerUnit: worked.capacity.write / Math.max(1, messages),
    wallMs,
    done: messages,
    deadLettered: cloud.queues.counts(phase.queue).deadLettered - deadBefore,
  };
}

/** Runs every phase at each size on a fresh local cloud; `sizes` ascending. */
export async function scaleRun(sizes: readonly number[], log = console.log): Promise<PhaseResult[]> {
  const results: PhaseResult[] = [];
  for (const size of sizes) {
    // On disk: thousands of people's forecasts would fill DynamoDB Local's heap in memory.
    const cloud = await startThrowawayCloud('moneycal-scale-', { onDisk: true });
    try {
      const deps = getDeps();
      const meter = meterCapacity(deps.ddb);
      const seeded = performance.now();
      await seed(cloud, size);
      // Day 0: the first forecasts are made (not measured: a profile's first forecast is made once).
      await ops(cloud, '/schedules/forecast-nightly/run');
      await drainLocalWork(cloud.events, cloud.queues);
      log(
        `scale run: ${size} people seeded, first forecasts made, in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
      );
      // Day 1, by the controllable clock: every forecast is due to move on a day, every bank to refresh.
      const dayOne = Date.now() + 86_400_000;
      const started = Date.now();
      deps.clock = () => new Date(dayOne + (Date.now() - started));
      for (const phase of SCALE_PHASES) {
        const result = await runPhase(cloud, meter, phase, size);
        log(
          `scale run: ${size} people, ${phase.schedule}: ${result.units} enqueued, ${result.done} done in ${(result.wallMs / 1000).toFixed(1)} s, ` +
            `${result.msPerUnit.toFixed(1)} ms CPU (${result.busyMsPerUnit.toFixed(1)} ms invoked), ${result.readPerUnit.toFixed(1)} RCU, ${result.writePerUnit.toFixed(1)} WCU per ${phase.unit}`,
        );
        results.push(result);
      }
    } finally {
      await cloud.stop();
    }
  }
  return results;
}

/** The figures: at the largest size, each per-unit figure beside the smallest size's (flat = 1×). */
export function scaleFigures(results: readonly PhaseResult[]): Figure[] {
  const sizes = [...new Set(results.map((r) => r.people))].sort((a, b) => a - b);
  const small = sizes[0]!;
  const large = sizes.at(-1)!;
  const figures: Figure[] = [];
  for (const phase of SCALE_PHASES) {
    const at = (people: number) => results.find((r) => r.people === people && r.phase === phase)!;
    const [a, b] = [at(small), at(large)];
    const label = `scale run ${phase.schedule} at ${large} people`;
    figures.push(
      {
        name: `${label}: ${phase.unit}s done of due (every one, none dead-lettered: ${b.deadLettered})`,
        value: b.done,
        unit: 'units',
        baselineName: 'due units enqueued',
        baseline: b.units,
      },
      {
        name: `${label}: all done, wall time on this machine`,
        value: b.wallMs / 1000,
        unit: 's',
        baselineName: `the schedule's window`,
        baseline: phase.windowMs / 1000,
        budget: phase.windowMs / 1000,
      },
      {
        name: `${label}: worker CPU time per ${phase.unit}`,
        value: b.msPerUnit,
        unit: 'ms',
        baselineName: `same at ${small} people (budget 1.5×)`,
        baseline: a.msPerUnit,
        budget: 1.5 * a.msPerUnit,
      },
      {
        name: `${label}: capacity per ${phase.unit} (RCU + WCU)`,
        value: b.readPerUnit + b.writePerUnit,
        unit: 'CU',
        baselineName: `same at ${small} people (budget 1.2×)`,
        baseline: a.readPerUnit + a.writePerUnit,
        budget: 1.2 * (a.readPerUnit + a.writePerUnit),
      },
      {
        name: `${label}: scheduler RCU per due ${phase.unit} (finding the work)`,
        value: b.scheduler.capacity.read / Math.max(1, b.units),
        unit: 'RCU',
        baselineName: `same at ${small} people`,
        baseline: a.scheduler.capacity.read / Math.max(1, a.units),
      },
    );
  }
  return figures;
}
