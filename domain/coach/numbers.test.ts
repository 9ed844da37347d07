import { describe, expect, it } from 'vitest';
import { wordsToDigits } from './numbers.ts';

describe('numbers in words', () => {
  it.each([
    ['can i afford two hundred bucks', 'can i afford 200 bucks'],
    ['fifty dollars on friday', '50 dollars on friday'],
    ['could i swing a grand for a trip', 'could i swing 1 grand for a trip'],
    ['twelve hundred dollars', '1200 dollars'],
    ['three thousand five hundred dollars', '3500 dollars'],
    ['a hundred and fifty bucks', '150 bucks'],
    ['twenty-five dollars a month', '25 dollars a month'],
    ['afford seven fifty on the 15th', 'afford 750 on the 15th'],
    ['twelve ninety nine', '1299'],
    ['afford a twelve hundred dollar couch', 'afford a 1200 dollar couch'],
    ['a couple hundred bucks tomorrow', '200 bucks tomorrow'],
    ['a couple of grand', '2 grand'],
  ])('%s', (text, expected) => {
    expect(wordsToDigits(text)).toBe(expected);
  });

  it('leaves words that are not numbers as typed', () => {
    expect(wordsToDigits('is it a good idea')).toBe('is it a good idea');
    expect(wordsToDigits('an apple')).toBe('an apple');
  });
});
