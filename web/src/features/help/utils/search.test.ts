import { describe, expect, it } from 'vitest';
import { HELP_ANSWERS } from '../content/answers.ts';
import { SUPPORT_TOPICS } from '@domain/support-topics.ts';
import { searchAnswers } from './search.ts';

describe('help answers', () => {
  it('finds answers by the words people use, questions first', () => {
    expect(searchAnswers(HELP_ANSWERS, 'reconnect')[0]?.id).toBe('reconnect');
    expect(searchAnswers(HELP_ANSWERS, 'Plaid password').map((a) => a.id)).toContain('link-a-bank');
    expect(searchAnswers(HELP_ANSWERS, 'cancel subscription')[0]?.id).toBe('trial-and-plans');
    expect(searchAnswers(HELP_ANSWERS, 'GDPR')[0]?.id).toBe('delete-my-data');
    expect(searchAnswers(HELP_ANSWERS, 'zebra crossing')).toEqual([]);
    expect(searchAnswers(HELP_ANSWERS, ' ')).toHaveLength(HELP_ANSWERS.length);
  });

  it('covers linking, sync, forecast, sharing, billing, security and deleting data, with unique ids', () => {
    const topics = new Set(HELP_ANSWERS.map((a) => a.topic));
    for (const topic of SUPPORT_TOPICS.filter((t) => t !== 'other')) expect(topics, topic).toContain(topic);
    expect(new Set(HELP_ANSWERS.map((a) => a.id)).size).toBe(HELP_ANSWERS.length);
  });
});
