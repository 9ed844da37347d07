import { describe, expect, it } from 'vitest';
import { emptyEngagementRecord, readEngagement, type EngagementRecord } from '../../../lib/engagement.ts';
import { claimDuePrompt, decideEngagementPrompt, VALUE_EXPERIENCED_DAYS } from './decide-prompt.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const hoursBefore = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const record = (fields: Partial<EngagementRecord> = {}): EngagementRecord => ({
  ...emptyEngagementRecord(),
  ...fields,
});
const decide = (fields: Partial<EngagementRecord>, isSubscriber = false) =>
  decideEngagementPrompt({ record: record(fields), isSubscriber, now: NOW });

describe('decideEngagementPrompt (spec §4 Engagement prompts)', () => {
  it('shows nothing before anything happened', () => {
    expect(decide({})).toBeNull();
    expect(decide({ daysActive: VALUE_EXPERIENCED_DAYS - 1 })).toBeNull();
  });

  it('triggers each prompt on its own event', () => {
    expect(decide({ accountsConnected: 1 })).toBe('first_account');
    expect(decide({ moneyPlanGenerated: true })).toBe('money_plan_generated');
    expect(decide({ aiCoachUsed: true })).toBe('ai_coach_used');
    expect(decide({ daysActive: VALUE_EXPERIENCED_DAYS })).toBe('value_experienced');
  });

  it('never shows a prompt to a subscriber', () => {
    const everything = {
      accountsConnected: 3,
      moneyPlanGenerated: true,
      aiCoachUsed: true,
      daysActive: 30,
    };
    expect(decide(everything, true)).toBeNull();
    expect(decide(everything, false)).toBe('money_plan_generated');
  });

  it('does not suggest building the plan once it exists (first-run onboarding built it)', () => {
    expect(decide({ accountsConnected: 1, moneyPlanGenerated: true })).toBe('money_plan_generated');
    expect(decide({ accountsConnected: 1, moneyPlanGenerated: true, promptsShown: [] })).not.toBe(
      'first_account',
    );
  });

  it('keeps a prompt whose action leads to the screen on show for another screen', () => {
    const onCalendar = (id: string) => id === 'money_plan_generated';
    const input = {
      record: record({ accountsConnected: 1, moneyPlanGenerated: true }),
      isSubscriber: false,
      now: NOW,
    };
    expect(decideEngagementPrompt({ ...input, leadsHere: onCalendar })).toBeNull();
    expect(decideEngagementPrompt(input)).toBe('money_plan_generated');
  });

  it('shows each prompt at most once, then the next one due', () => {
    const done = { accountsConnected: 2, moneyPlanGenerated: true, aiCoachUsed: true, daysActive: 5 };
    expect(decide({ ...done, promptsShown: ['first_account'] })).toBe('money_plan_generated');
    expect(decide({ ...done, promptsShown: ['first_account', 'money_plan_generated'] })).toBe(
      'ai_coach_used',
    );
    expect(
      decide({ ...done, promptsShown: ['first_account', 'money_plan_generated', 'ai_coach_used'] }),
    ).toBe('value_experienced');
    expect(
      decide({
        ...done,
        promptsShown: ['first_account', 'money_plan_generated', 'ai_coach_used', 'value_experienced'],
      }),
    ).toBeNull();
  });

  it('skips a prompt whose event has not happened and keeps it for later', () => {
    expect(decide({ daysActive: 4, promptsShown: [] })).toBe('value_experienced');
    expect(decide({ accountsConnected: 1, promptsShown: ['value_experienced'] })).toBe('first_account');
  });

  it('shows at most one prompt a day: none within 24 hours of the last one', () => {
    const due = { accountsConnected: 1, moneyPlanGenerated: true, promptsShown: ['first_account' as const] };
    expect(decide({ ...due, lastPromptShown: hoursBefore(1) })).toBeNull();
    expect(decide({ ...due, lastPromptShown: hoursBefore(23.99) })).toBeNull();
    expect(decide({ ...due, lastPromptShown: hoursBefore(24) })).toBe('money_plan_generated');
    expect(decide({ ...due, lastPromptShown: hoursBefore(72) })).toBe('money_plan_generated');
  });

  it('waits when the last prompt is stamped later than now (a clock that moved back)', () => {
    expect(decide({ accountsConnected: 1, lastPromptShown: hoursBefore(-2) })).toBeNull();
  });
});

describe('claimDuePrompt', () => {
  function memoryStorage() {
    const data = new Map<string, string>();
    return {
      data,
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
    };
  }

  it('records the prompt as shown when it is claimed, so a second claim today gets nothing', () => {
    const storage = memoryStorage();
    storage.setItem('engagement:u', JSON.stringify(record({ accountsConnected: 1, aiCoachUsed: true })));

    expect(claimDuePrompt('u', { isSubscriber: false, now: NOW, storage })).toBe('first_account');
    expect(readEngagement('u', storage)).toMatchObject({
      promptsShown: ['first_account'],
      lastPromptShown: NOW.toISOString(),
    });
    expect(claimDuePrompt('u', { isSubscriber: false, now: NOW, storage })).toBeNull();

    const tomorrow = new Date(NOW.getTime() + 24 * 3_600_000);
    expect(claimDuePrompt('u', { isSubscriber: false, now: tomorrow, storage })).toBe('ai_coach_used');
  });

  it('writes nothing for a subscriber', () => {
    const storage = memoryStorage();
    const stored = JSON.stringify(record({ accountsConnected: 1 }));
    storage.setItem('engagement:u', stored);
    expect(claimDuePrompt('u', { isSubscriber: true, now: NOW, storage })).toBeNull();
    expect(storage.data.get('engagement:u')).toBe(stored);
  });
});
