// spec §3 "Engagement record": what a user has done in the app, kept in local storage per user, from
// which the engagement prompts of spec §4 are decided (features/engagement-prompts). Features report
// their success points with trackEngagement without importing that feature. A corrupt or foreign
// value never throws: each field that does not parse falls back to its empty value.
import * as z from 'zod/mini';
import { loadAmplify } from './amplify-loader.ts';

/** spec §4 Engagement prompts, in the order they become due. */
export const engagementPromptIds = [
  'first_account',
  'money_plan_generated',
  'ai_coach_used',
  'value_experienced',
] as const;
export type EngagementPromptId = (typeof engagementPromptIds)[number];

const isPromptId = (value: unknown): value is EngagementPromptId =>
  engagementPromptIds.includes(value as EngagementPromptId);

export interface EngagementRecord {
  accountsConnected: number;
  moneyPlanGenerated: boolean;
  aiCoachUsed: boolean;
  daysActive: number;
  /** The local calendar day (YYYY-MM-DD) last counted in daysActive, so each day counts once. */
  lastActiveDay: string | null;
  promptsShown: EngagementPromptId[];
  /** When the last prompt was shown (ISO timestamp). */
  lastPromptShown: string | null;
}

export type EngagementEvent =
  | { type: 'accounts_connected'; count: number }
  | { type: 'money_plan_generated' }
  | { type: 'ai_coach_used' }
  | { type: 'day_active' };

/** Dispatched on `window` after this tab writes a record (other tabs get the `storage` event). */
export const ENGAGEMENT_CHANGED_EVENT = 'engagementChanged';

export const engagementStorageKey = (userId: string) => `engagement:${userId}`;

export const emptyEngagementRecord = (): EngagementRecord => ({
  accountsConnected: 0,
  moneyPlanGenerated: false,
  aiCoachUsed: false,
  daysActive: 0,
  lastActiveDay: null,
  promptsShown: [],
  lastPromptShown: null,
});

const count = z.catch(z.int().check(z.nonnegative()), 0);
const flag = z.catch(z.boolean(), false);
const recordSchema = z.object({
  accountsConnected: count,
  moneyPlanGenerated: flag,
  aiCoachUsed: flag,
  daysActive: count,
  lastActiveDay: z.catch(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), null),
  promptsShown: z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((ids: unknown[]) => [...new Set(ids.filter(isPromptId))]),
  ),
  lastPromptShown: z.catch(z.nullable(z.iso.datetime({ offset: true })), null),
});

/** Parses a stored value; anything unreadable gives the empty record, a bad field its empty value. */
export function parseEngagementRecord(raw: string | null): EngagementRecord {
  if (raw === null) return emptyEngagementRecord();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return emptyEngagementRecord();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return emptyEngagementRecord();
  return recordSchema.parse(value);
}

/** The local calendar day of `date` as YYYY-MM-DD (days active are the user's own days). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The record after `event` happened at `now`. */
export function applyEngagementEvent(
  record: EngagementRecord,
  event: EngagementEvent,
  now: Date,
): EngagementRecord {
  switch (event.type) {
    case 'accounts_connected':
      return {
        ...record,
        accountsConnected: record.accountsConnected + Math.max(0, Math.floor(event.count)),
      };
    case 'money_plan_generated':
      return { ...record, moneyPlanGenerated: true };
    case 'ai_coach_used':
      return { ...record, aiCoachUsed: true };
    case 'day_active': {
      const today = localDay(now);
      if (record.lastActiveDay === today) return record;
      return { ...record, daysActive: record.daysActive + 1, lastActiveDay: today };
    }
  }
}

/** The record after `prompt` was shown at `now`: listed once, and the time kept for the daily limit. */
export function withPromptShown(
  record: EngagementRecord,
  prompt: EngagementPromptId,
  now: Date,
): EngagementRecord {
  return {
    ...record,
    promptsShown: record.promptsShown.includes(prompt)
      ? record.promptsShown
      : [...record.promptsShown, prompt],
    lastPromptShown: now.toISOString(),
  };
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): KeyValueStorage | null =>
  typeof window === 'undefined' ? null : window.localStorage;

export function readEngagement(
  userId: string,
  storage: Pick<Storage, 'getItem'> | null = browserStorage(),
): EngagementRecord {
  try {
    return parseEngagementRecord(storage?.getItem(engagementStorageKey(userId)) ?? null);
  } catch {
    return emptyEngagementRecord();
  }
}

/** Stores the record (a full or disabled storage is logged, never thrown) and tells this tab. */
export function writeEngagement(
  userId: string,
  record: EngagementRecord,
  storage: KeyValueStorage | null = browserStorage(),
): void {
  try {
    storage?.setItem(engagementStorageKey(userId), JSON.stringify(record));
  } catch (error) {
    console.warn('engagement record not saved', error);
    return;
  }
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(ENGAGEMENT_CHANGED_EVENT, { detail: { userId } }));
  }
}

/** Records that `event` happened for `userId` now. Safe to call from any success point. */
export function trackEngagement(
  userId: string,
  event: EngagementEvent,
  { now = new Date(), storage = browserStorage() }: { now?: Date; storage?: KeyValueStorage | null } = {},
): EngagementRecord {
  const before = readEngagement(userId, storage);
  const after = applyEngagementEvent(before, event, now);
  if (after !== before) writeEngagement(userId, after, storage);
  return after;
}

/**
 * trackEngagement for whoever is signed in, for code that runs outside React (a flow's completion
 * helper). Fire-and-forget: tracking never fails the flow that reports it.
 */
export function trackSignedInEngagement(event: EngagementEvent): void {
  loadAmplify()
    .then(({ getCurrentUser }) => getCurrentUser())
    .then(({ userId }) => trackEngagement(userId, event))
    .catch((error: unknown) => console.warn('engagement not tracked', error));
}
