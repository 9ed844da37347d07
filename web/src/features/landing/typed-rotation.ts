// spec §1 / §9 Landing typing without React: each tagline is typed at 40 ms per character, held for 3 s,
// then the next one starts. With reduced motion the whole tagline shows at once and still rotates. The
// light landing page drives the prerendered text with it before React loads; the React page's hook
// (hooks/use-typed-rotation.ts) drives its state with it.
import { LANDING_TYPING } from '../../lib/constants.ts';

/** Which tagline, and how many of its characters show. */
export interface TypedPosition {
  line: number;
  length: number;
}

export const TYPED_START: TypedPosition = { line: 0, length: 0 };

/** The text shown at `position`. */
export function typedText(lines: readonly string[], position: TypedPosition): string {
  return (lines[position.line % lines.length] ?? '').slice(0, position.length);
}

/** The next position and how long the current one stays. */
export function nextTypedStep(
  lines: readonly string[],
  position: TypedPosition,
  reducedMotion: boolean,
  timing: { charMs: number; pauseMs: number } = LANDING_TYPING,
): { next: TypedPosition; afterMs: number } {
  const full = (lines[position.line % lines.length] ?? '').length;
  if (position.length >= full)
    return { next: { line: position.line + 1, length: 0 }, afterMs: timing.pauseMs };
  if (reducedMotion) return { next: { line: position.line, length: full }, afterMs: 0 };
  return { next: { line: position.line, length: position.length + 1 }, afterMs: timing.charMs };
}

/** Runs the rotation from `from`, calling `onStep` with each new position. Returns a function that
 * stops it. */
export function startTypedRotation(
  lines: readonly string[],
  from: TypedPosition,
  onStep: (position: TypedPosition) => void,
  timing: { charMs: number; pauseMs: number } = LANDING_TYPING,
): () => void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let position = from;
  let timer = 0;
  const schedule = () => {
    const { next, afterMs } = nextTypedStep(lines, position, reduced, timing);
    timer = window.setTimeout(() => {
      position = next;
      onStep(position);
      schedule();
    }, afterMs);
  };
  schedule();
  return () => window.clearTimeout(timer);
}
