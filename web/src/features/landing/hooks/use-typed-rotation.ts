// spec §1 / §9 Landing typing on the React landing page (typed-rotation.ts has the rules).
import { useEffect, useState } from 'react';
import { LANDING_TYPING } from '../../../lib/constants.ts';
import { startTypedRotation, TYPED_START, typedText } from '../typed-rotation.ts';

export function useTypedRotation(lines: readonly string[], timing = LANDING_TYPING): string {
  const [position, setPosition] = useState(TYPED_START);
  useEffect(() => startTypedRotation(lines, TYPED_START, setPosition, timing), [lines, timing]);
  return typedText(lines, position);
}
