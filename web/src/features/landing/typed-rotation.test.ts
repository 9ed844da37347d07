import { describe, expect, it } from 'vitest';
import { nextTypedStep, TYPED_START, typedText, type TypedPosition } from './typed-rotation.ts';

const lines = ['abc', 'de'] as const;
const timing = { charMs: 40, pauseMs: 3000 };

/** The texts shown and the delays between them, from the start, for `steps` steps. */
function play(steps: number, reduced: boolean) {
  let position: TypedPosition = TYPED_START;
  const seen: Array<[string, number]> = [];
  for (let step = 0; step < steps; step += 1) {
    const { next, afterMs } = nextTypedStep(lines, position, reduced, timing);
    seen.push([typedText(lines, position), afterMs]);
    position = next;
  }
  return seen;
}

describe('landing typing (spec §1 / §9: 40 ms a character, 3 s held)', () => {
  it('types each tagline a character at a time, holds it, then starts the next, round and round', () => {
    expect(play(10, false)).toEqual([
      ['', 40],
      ['a', 40],
      ['ab', 40],
      ['abc', 3000],
      ['', 40],
      ['d', 40],
      ['de', 3000],
      ['', 40],
      ['a', 40],
      ['ab', 40],
    ]);
  });

  it('with reduced motion shows each whole tagline at once and still rotates', () => {
    expect(play(4, true)).toEqual([
      ['', 0],
      ['abc', 3000],
      ['', 0],
      ['de', 3000],
    ]);
  });
});
