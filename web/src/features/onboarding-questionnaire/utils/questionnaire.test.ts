import { describe, expect, it } from 'vitest';
import { emptyAnswers, questionnaireMessages, stepError } from './questionnaire.ts';

describe('questionnaire validation (spec §5)', () => {
  it('asks for a challenge, and for the text when it is Other', () => {
    expect(stepError(1, emptyAnswers)).toBe(questionnaireMessages.challengeRequired);
    expect(stepError(1, { ...emptyAnswers, challenge: 'other', challengeOther: '  ' })).toBe(
      questionnaireMessages.otherRequired,
    );
    expect(stepError(1, { ...emptyAnswers, challenge: 'other', challengeOther: 'Medical bills' })).toBeNull();
    expect(stepError(1, { ...emptyAnswers, challenge: 'debt' })).toBeNull();
  });

  it('asks for a goal, then a confidence level', () => {
    expect(stepError(2, emptyAnswers)).toBe('Please select your financial goal');
    expect(stepError(2, { ...emptyAnswers, goal: 'not-sure' })).toBeNull();
    expect(stepError(3, emptyAnswers)).toBe('Please select your confidence level');
    expect(stepError(3, { ...emptyAnswers, confidence: 5 })).toBeNull();
  });
});
