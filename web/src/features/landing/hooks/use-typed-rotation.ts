// spec §1 / §9 Landing typing: each tagline is typed at 40 ms per character, held for 3 s, then the
// next one starts. With reduced motion the whole tagline shows at once and still rotates.
import { useEffect, useState } from 'react';
import { LANDING_TYPING } from '../../../lib/constants.ts';

export function useTypedRotation(lines: readonly string[], timing = LANDING_TYPING): string {
  const [lineIndex, setLineIndex] = useState(0);
  const [length, setLength] = useState(0);
  const line = lines[lineIndex % lines.length] ?? '';

  useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced && length < line.length) {
      setLength(line.length);
      return;
    }
    const timer =
      length < line.length
        ? window.setTimeout(() => setLength(length + 1), timing.charMs)
        : window.setTimeout(() => {
            setLength(0);
            setLineIndex((index) => index + 1);
          }, timing.pauseMs);
    return () => window.clearTimeout(timer);
  }, [length, line, timing]);

  return line.slice(0, length);
}
