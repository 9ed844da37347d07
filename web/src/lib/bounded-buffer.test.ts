import { describe, expect, it } from 'vitest';
import { BoundedBuffer } from './bounded-buffer.ts';

describe('BoundedBuffer', () => {
  it('keeps the newest entries up to its capacity, dropping the oldest first', () => {
    const buffer = new BoundedBuffer<number>(3);

    for (let i = 1; i <= 5; i += 1) buffer.push(i);

    expect(buffer.length).toBe(3);
    expect(buffer.last()).toEqual([3, 4, 5]);
    expect(buffer.last(2)).toEqual([4, 5]);
    expect(buffer.newest()).toBe(5);
    expect(buffer.dropped).toBe(2);
  });

  it('answers partial and empty reads', () => {
    const buffer = new BoundedBuffer<string>(4);
    expect(buffer.last()).toEqual([]);
    expect(buffer.newest()).toBeUndefined();
    buffer.push('a');
    expect(buffer.last(10)).toEqual(['a']);
    buffer.clear();
    expect(buffer.length).toBe(0);
  });

  it('refuses a capacity that cannot hold anything', () => {
    expect(() => new BoundedBuffer(0)).toThrow(RangeError);
  });
});
