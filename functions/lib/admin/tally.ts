// Keeps the admin counters and health flags as the product writes its records, so nothing reads the
// whole table. After a write, the writer tallies its subject (a person, an item, a subscription…):
// the subject's record is read again, its facts computed (facts.ts), and one transaction moves the
// counters by the difference from what the subject's ledger says it added before, puts or deletes its
// flags, moves its due check, and bumps the ledger's version on condition. A repeated tally (a webhook
// or event delivered twice, two writers at once) finds no difference or loses the version race and
// tries again: nothing is ever counted twice. A tally never fails its writer: a failure is logged, and
// the subject's next tally repairs it.
import { createHash } from 'node:crypto';
import type { CounterMetric } from '../data/entities/admin.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { createLogger, type Logger } from '../logger.ts';
import {
  HOUR_MS,
  NO_FACTS,
  accountFacts,
  activationFacts,
  emailFacts,
  hourOf,
  itemFacts,
  profileFacts,
  subscriberFacts,
  type Facts,
  type FlagFact,
} from './facts.ts';

/** Counter items per bucket: a subject always writes shard hash(subject) % COUNTER_SHARDS. */
export const COUNTER_SHARDS = 4;
/** Day, hour, week and grace buckets are kept this long after their start (the screens read ≤ 90 days). */
const BUCKET_TTL_S = 120 * 24 * 3600;
const ATTEMPTS = 5;
/** How far back the job looks for due checks it has not run (a job stopped for up to this long). */
const DUE_LOOKBACK_HOURS = 72;

const fallbackLogger = createLogger({ service: 'admin-tally' });

export type Subject =
  | { kind: 'profile'; userId: string }
  | { kind: 'activation'; userId: string }
  | { kind: 'item'; itemId: string }
  | { kind: 'account'; accountId: string }
  | { kind: 'subscriber'; userId: string }
  | { kind: 'email'; userId: string; sentAt: string; id: string };

export function subjectKey(subject: Subject): string {
  switch (subject.kind) {
    case 'profile':
    case 'activation':
    case 'subscriber':
      return `${subject.kind}:${subject.userId}`;
    case 'item':
      return `item:${subject.itemId}`;
    case 'account':
      return `account:${subject.accountId}`;
    case 'email':
      return `email:${subject.userId}|${subject.sentAt}|${subject.id}`;
  }
}

export function parseSubject(key: string): Subject | null {
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  const rest = key.slice(at + 1);
  switch (kind) {
    case 'profile':
    case 'activation':
    case 'subscriber':
      return { kind, userId: rest };
    case 'item':
      return { kind, itemId: rest };
    case 'account':
      return { kind, accountId: rest };
    case 'email': {
      const [userId, sentAt, id] = rest.split('|');
      return userId && sentAt && id ? { kind, userId, sentAt, id } : null;
    }
    default:
      return null;
  }
}

export const shardOf = (key: string) =>
  `s${createHash('sha256').update(key).digest().readUInt32BE(0) % COUNTER_SHARDS}`;

async function emailOf(data: Data, userId: string): Promise<string | undefined> {
  return (await data.profiles.get({ id: userId }).go()).data?.email;
}

/** The subject's facts from its records as they are now (strongly consistent reads). */
async function factsOf(data: Data, subject: Subject, now: Date): Promise<Facts> {
  const consistent = { consistent: true } as const;
  switch (subject.kind) {
    case 'profile': {
      const { data: profile } = await data.profiles.get({ id: subject.userId }).go(consistent);
      return profile ? profileFacts(profile, now) : NO_FACTS;
    }
    case 'activation': {
      const [{ data: profile }, { data: items }] = await Promise.all([
        data.profiles.get({ id: subject.userId }).go(consistent),
        data.plaidItems.query.byUser({ user_id: subject.userId }).go({ pages: 'all' }),
      ]);
      return activationFacts(
        profile,
        items.map((i) => i.created_at),
      );
    }
    case 'item': {
      const { data: item } = await data.plaidItems.get({ id: subject.itemId }).go(consistent);
      if (!item) return NO_FACTS;
      const facts = itemFacts(item, undefined, now);
      return facts.flags.length > 0 ? itemFacts(item, await emailOf(data, item.user_id), now) : facts;
    }
    case 'account': {
      const { data: account } = await data.connectedAccounts.get({ id: subject.accountId }).go(consistent);
      if (!account) return NO_FACTS;
      const facts = accountFacts(account, undefined);
      return facts.flags.length > 0 ? accountFacts(account, await emailOf(data, account.user_id)) : facts;
    }
    case 'subscriber': {
      const { data: sub } = await data.subscribers.get({ user_id: subject.userId }).go(consistent);
      return sub ? subscriberFacts(sub) : NO_FACTS;
    }
    case 'email': {
      const { data: send } = await data.emailSends
        .get({ user_id: subject.userId, sent_at: subject.sentAt, id: subject.id })
        .go(consistent);
      return send ? emailFacts(send) : NO_FACTS;
    }
  }
}

const flagId = (f: Pick<FlagFact, 'flag' | 'user_id' | 'subject_id'>) =>
  `${f.flag}|${f.user_id}|${f.subject_id}`;

/** The counter moves, flag puts and deletes, and due-check moves that turn `before` into `after`. */
export function difference(before: Facts, after: Facts) {
  const deltas = new Map<string, number>();
  for (const [k, v] of Object.entries(after.counts)) deltas.set(k, (deltas.get(k) ?? 0) + v);
  for (const [k, v] of Object.entries(before.counts)) deltas.set(k, (deltas.get(k) ?? 0) - v);
  const moves = [...deltas].filter(([, v]) => v !== 0);
  const beforeFlags = new Map(before.flags.map((f) => [flagId(f), JSON.stringify(f)]));
  const afterIds = new Set(after.flags.map(flagId));
  const puts = after.flags.filter((f) => beforeFlags.get(flagId(f)) !== JSON.stringify(f));
  const deletes = before.flags.filter((f) => !afterIds.has(flagId(f)));
  const dueChanged = (before.due ?? null) !== (after.due ?? null);
  return {
    moves,
    puts,
    deletes,
    dueChanged,
    empty: moves.length === 0 && puts.length === 0 && deletes.length === 0 && !dueChanged,
  };
}

const nothing = (facts: Facts) =>
  Object.keys(facts.counts).length === 0 && facts.flags.length === 0 && !facts.due;

function bucketTtl(bucketName: string): number | undefined {
  const [, at] = bucketName.split('#');
  if (!at) return undefined;
  const start = Date.parse(at.length === 13 ? `${at}:00:00Z` : `${at}T00:00:00Z`);
  return Number.isFinite(start) ? Math.floor(start / 1000) + BUCKET_TTL_S : undefined;
}

/** Brings one subject's counters, flags and due check up to date with its records. */
export async function tally(
  data: Data,
  subject: Subject,
  now: Date,
  logger: Pick<Logger, 'warn'> = fallbackLogger,
): Promise<void> {
  const key = subjectKey(subject);
  const shard = shardOf(key);
  try {
    for (let attempt = 1; ; attempt += 1) {
      const { data: ledger } = await data.adminLedgers.get({ subject: key }).go({ consistent: true });
      const before: Facts = {
        counts: (ledger?.counts as Facts['counts'] | undefined) ?? {},
        flags: (ledger?.flags as FlagFact[] | undefined) ?? [],
        ...(ledger?.due ? { due: ledger.due } : {}),
      };
      const after = await factsOf(data, subject, now);
      const diff = difference(before, after);
      if (diff.empty) return;
      const version = ledger?.version ?? 0;
      const byBucket = new Map<string, Partial<Record<CounterMetric, number>>>();
      for (const [k, amount] of diff.moves) {
        const [bucketName, metric] = k.split('|') as [string, CounterMetric];
        byBucket.set(bucketName, { ...byBucket.get(bucketName), [metric]: amount });
      }
      const result = await data.service.transaction
        .write(({ adminLedgers, adminCounters, adminHealthFlags, adminDueChecks }) => [
          // A subject that adds nothing (a deleted person's records) keeps no ledger naming it.
          nothing(after) && ledger
            ? adminLedgers
                .delete({ subject: key })
                .where((attr, op) => op.eq(attr.version, version))
                .commit()
            : adminLedgers
                .put({
                  subject: key,
                  counts: after.counts,
                  flags: after.flags,
                  ...(after.due ? { due: after.due } : {}),
                  version: version + 1,
                })
                .where((attr, op) => (ledger ? op.eq(attr.version, version) : op.notExists(attr.version)))
                .commit(),
          ...[...byBucket].map(([bucketName, amounts]) => {
            const ttl = bucketTtl(bucketName);
            const update = adminCounters.update({ shard, bucket: bucketName }).add(amounts);
            return (ttl ? update.set({ ttl }) : update).commit();
          }),
          ...diff.puts.map((f) => adminHealthFlags.put(f).commit()),
          ...diff.deletes.map((f) =>
            adminHealthFlags.delete({ flag: f.flag, user_id: f.user_id, subject_id: f.subject_id }).commit(),
          ),
          ...(diff.dueChanged &&
          before.due &&
          (!after.due || hourOf(Date.parse(before.due)) !== hourOf(Date.parse(after.due)))
            ? [adminDueChecks.delete({ hour: hourOf(Date.parse(before.due)), subject: key }).commit()]
            : []),
          ...(diff.dueChanged && after.due
            ? [
                adminDueChecks
                  .put({ hour: hourOf(Date.parse(after.due)), subject: key, at: after.due })
                  .commit(),
              ]
            : []),
        ])
        .go();
      if (!result.canceled) return;
      if (attempt >= ATTEMPTS) throw new Error(`ledger of ${key} kept changing`);
    }
  } catch (error) {
    logger.warn('admin tally not recorded', { subject: key, error: (error as Error).message });
  }
}

export async function tallyAll(
  data: Data,
  subjects: readonly Subject[],
  now: Date,
  logger?: Pick<Logger, 'warn'>,
): Promise<void> {
  for (let i = 0; i < subjects.length; i += 10)
    await Promise.all(subjects.slice(i, i + 10).map((s) => tally(data, s, now, logger)));
}

/** A person's visit: tallied when it moves their last visit into another hour (the buckets' grain). */
export async function tallyVisit(
  data: Data,
  userId: string,
  previousVisit: string | undefined,
  now: Date,
  logger?: Pick<Logger, 'warn'>,
): Promise<void> {
  if (previousVisit && hourOf(Date.parse(previousVisit)) === hourOf(now.getTime())) return;
  await tally(data, { kind: 'profile', userId }, now, logger);
}

/**
 * A Plaid item and its accounts' balance checks, and with `activation` the owner's activation (which
 * only linking changes: a sync leaves it alone).
 */
export async function tallyItem(
  data: Data,
  itemId: string,
  userId: string,
  now: Date,
  logger?: Pick<Logger, 'warn'>,
  { activation = true }: { activation?: boolean } = {},
): Promise<void> {
  const { data: accounts } = await data.connectedAccounts.query
    .byItem({ item_id: itemId })
    .go({ pages: 'all', attributes: ['id'] })
    .catch(() => ({ data: [] as Array<{ id: string }> }));
  await tallyAll(
    data,
    [
      { kind: 'item', itemId },
      ...(activation ? [{ kind: 'activation' as const, userId }] : []),
      ...accounts.map((a) => ({ kind: 'account' as const, accountId: a.id })),
    ],
    now,
    logger,
  );
}

/** Every subject of one person, read before their records are deleted so a tally afterwards takes
 * each one out of the figures. */
export async function personSubjects(data: Data, userId: string): Promise<Subject[]> {
  const [items, accounts, emails] = await Promise.all([
    data.plaidItems.query.byUser({ user_id: userId }).go({ pages: 'all', attributes: ['id'] }),
    data.connectedAccounts.query.byUser({ user_id: userId }).go({ pages: 'all', attributes: ['id'] }),
    data.emailSends.query
      .byUser({ user_id: userId })
      .go({ pages: 'all', attributes: ['user_id', 'sent_at', 'id'] }),
  ]);
  return [
    { kind: 'profile', userId },
    { kind: 'activation', userId },
    { kind: 'subscriber', userId },
    ...items.data.map((i) => ({ kind: 'item' as const, itemId: i.id })),
    ...accounts.data.map((a) => ({ kind: 'account' as const, accountId: a.id })),
    ...emails.data.map((e) => ({ kind: 'email' as const, userId, sentAt: e.sent_at, id: e.id })),
  ];
}

/**
 * Tallies every subject whose due check has come: the due partitions of the last DUE_LOOKBACK_HOURS
 * hours (one Query each, mostly empty). A tally moves or removes the check, so a check runs once.
 */
export async function runDueChecks(deps: Pick<Deps, 'logger'>, data: Data, now: Date): Promise<number> {
  const hours = Array.from({ length: DUE_LOOKBACK_HOURS + 1 }, (_, i) => hourOf(now.getTime() - i * HOUR_MS));
  const due = (
    await Promise.all(hours.map((hour) => data.adminDueChecks.query.byHour({ hour }).go({ pages: 'all' })))
  )
    .flatMap((page) => page.data)
    .filter((check) => Date.parse(check.at) <= now.getTime());
  const subjects = due.map((check) => parseSubject(check.subject)).filter((s): s is Subject => s !== null);
  await tallyAll(data, subjects, now, deps.logger);
  return subjects.length;
}
