import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { inputClasses } from './text-field.tsx';

describe('inputClasses', () => {
  it('is a class list tailwind-merge leaves as it is, so it needs no merging when the module loads', () => {
    expect(twMerge(inputClasses)).toBe(inputClasses);
    expect(inputClasses).toContain('h-11 w-full');
    expect(inputClasses).not.toMatch(/\s{2}|^\s|\s$/);
  });
});
