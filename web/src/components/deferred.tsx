// Renders its children once the browser is first idle after it mounted (within `timeoutMs` at the latest),
// so what is off screen or not needed at once (a chart below the fold, the frame's notices and prompts)
// stays out of the first screen's render and its long task (a cold deep link on a slow phone).
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Calls `run` when the browser is next idle, or after `timeoutMs`; returns the cancel. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(timer);
}

/** True once the browser has been idle since the calling component mounted. What that shows renders in
 * a transition: React yields to the browser between its parts (a chart, the notices) instead of
 * rendering them in one long task, so a tap meanwhile is answered at once. */
export function useIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true)), timeoutMs), [timeoutMs]);
  return idle;
}

export function Deferred({
  children,
  fallback = null,
  timeoutMs = 1000,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  timeoutMs?: number;
}) {
  return useIdle(timeoutMs) ? children : fallback;
}
