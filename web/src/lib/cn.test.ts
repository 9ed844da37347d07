import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('lets a later class override an earlier one of the same kind, and drops empty parts', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    expect(cn('h-11', false, undefined, 'h-auto py-2')).toBe('h-auto py-2');
  });
});
