import { describe, expect, it } from 'vitest';
import {
  applyEngagementEvent,
  emptyEngagementRecord,
  engagementStorageKey,
  parseEngagementRecord,
  readEngagement,
  trackEngagement,
  withPromptShown,
} from './engagement.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

// Local times: days active follow the user's own calendar days.
const at = (day: string, time = '09:00') => new Date(`${day}T${time}:00`);

describe('engagement record store (spec §3: local storage per user)', () => {
  it('keeps each user under their own key', () => {
    const storage = memoryStorage();
    trackEngagement('user-a', { type: 'money_plan_generated' }, { storage, now: at('2026-03-02') });
    trackEngagement('user-b', { type: 'accounts_connected', count: 2 }, { storage, now: at('2026-03-02') });

    expect([...storage.data.keys()].sort()).toEqual(['engagement:user-a', 'engagement:user-b']);
    expect(readEngagement('user-a', storage)).toMatchObject({
      moneyPlanGenerated: true,
      accountsConnected: 0,
    });
    expect(readEngagement('user-b', storage)).toMatchObject({
      moneyPlanGenerated: false,
      accountsConnected: 2,
    });
    expect(readEngagement('user-c', storage)).toEqual(emptyEngagementRecord());
  });

  it('reads corrupt JSON, a non-object or a missing value as the empty record', () => {
    for (const raw of ['{not json', 'null', '42', '"text"', '[1,2]']) {
      const storage = memoryStorage({ [engagementStorageKey('u')]: raw });
      expect(readEngagement('u', storage), raw).toEqual(emptyEngagementRecord());
    }
    expect(parseEngagementRecord(null)).toEqual(emptyEngagementRecord());
  });

  it('keeps the fields that parse and empties the ones that do not', () => {
    const raw = JSON.stringify({
      accountsConnected: -3,
      moneyPlanGenerated: true,
      aiCoachUsed: 'yes',
      daysActive: 4,
      lastActiveDay: 'tuesday',
      promptsShown: ['first_account', 'bogus', 7, 'first_account', 'value_experienced'],
      lastPromptShown: '2026-03-02T08:00:00.000Z',
    });
    expect(parseEngagementRecord(raw)).toEqual({
      accountsConnected: 0,
      moneyPlanGenerated: true,
      aiCoachUsed: false,
      daysActive: 4,
      lastActiveDay: null,
      promptsShown: ['first_account', 'value_experienced'],
      lastPromptShown: '2026-03-02T08:00:00.000Z',
    });
  });

  it('overwrites a corrupt value with a good record on the next event', () => {
    const storage = memoryStorage({ [engagementStorageKey('u')]: '{oops' });
    trackEngagement('u', { type: 'ai_coach_used' }, { storage, now: at('2026-03-02') });
    expect(JSON.parse(storage.data.get('engagement:u') ?? '')).toEqual({
      ...emptyEngagementRecord(),
      aiCoachUsed: true,
    });
  });

  it('survives a storage that refuses to write (full or disabled)', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(() =>
      trackEngagement('u', { type: 'ai_coach_used' }, { storage, now: at('2026-03-02') }),
    ).not.toThrow();
  });
});

describe('engagement events', () => {
  it('adds the accounts of each connection', () => {
    let record = emptyEngagementRecord();
    record = applyEngagementEvent(record, { type: 'accounts_connected', count: 3 }, at('2026-03-02'));
    record = applyEngagementEvent(record, { type: 'accounts_connected', count: 1 }, at('2026-03-05'));
    expect(record.accountsConnected).toBe(4);
  });

  it('counts an active day once per calendar day', () => {
    const storage = memoryStorage();
    const active = (now: Date) => trackEngagement('u', { type: 'day_active' }, { storage, now });
    active(at('2026-03-02', '08:00'));
    active(at('2026-03-02', '23:59'));
    expect(readEngagement('u', storage)).toMatchObject({ daysActive: 1, lastActiveDay: '2026-03-02' });
    active(at('2026-03-03', '00:01'));
    active(at('2026-03-07'));
    active(at('2026-03-07', '18:00'));
    expect(readEngagement('u', storage)).toMatchObject({ daysActive: 3, lastActiveDay: '2026-03-07' });
  });

  it('does not write when nothing changed', () => {
    const storage = memoryStorage();
    trackEngagement('u', { type: 'day_active' }, { storage, now: at('2026-03-02') });
    const stored = storage.data.get('engagement:u');
    storage.data.set('engagement:u', `${stored} `);
    trackEngagement('u', { type: 'day_active' }, { storage, now: at('2026-03-02', '20:00') });
    expect(storage.data.get('engagement:u')).toBe(`${stored} `);
  });

  it('lists a shown prompt once and keeps when the last one was shown', () => {
    const first = withPromptShown(emptyEngagementRecord(), 'first_account', new Date('2026-03-02T10:00:00Z'));
    const again = withPromptShown(first, 'first_account', new Date('2026-03-04T10:00:00Z'));
    expect(again.promptsShown).toEqual(['first_account']);
    expect(again.lastPromptShown).toBe('2026-03-04T10:00:00.000Z');
  });
});
