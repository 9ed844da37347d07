// spec §2 / §4 Loading screen: a message (default 'Loading your financial data...'), a progress bar
// that creeps towards but never passes 90 while loading, and rotating tips (every 8 s; 4 s on home).
// `useMinimumDisplay` keeps it up for at least 2 s (spec §9) so it never flashes.
import { useEffect, useState } from 'react';
import { LOADING_SCREEN } from '../../lib/constants.ts';
import { LogoMark } from './logo.tsx';

export interface LoadingTip {
  title: string;
  body: string;
}

export function LoadingScreen({
  message = 'Loading your financial data...',
  tips,
  rotateMs = LOADING_SCREEN.tipRotationMs,
}: {
  message?: string;
  tips: readonly LoadingTip[];
  rotateMs?: number;
}) {
  const [tipIndex, setTipIndex] = useState(0);
  const [progress, setProgress] = useState(8);
  useEffect(() => {
    const rotate = window.setInterval(() => setTipIndex((index) => index + 1), rotateMs);
    const creep = window.setInterval(
      () =>
        setProgress((value) =>
          Math.min(LOADING_SCREEN.progressCap, value + (LOADING_SCREEN.progressCap - value) * 0.15),
        ),
      300,
    );
    return () => {
      window.clearInterval(rotate);
      window.clearInterval(creep);
    };
  }, [rotateMs]);
  const tip = tips.length ? tips[tipIndex % tips.length] : undefined;
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center"
    >
      <LogoMark className="size-12 animate-pulse" />
      <p className="text-lg font-medium text-slate-900">{message}</p>
      <div
        role="progressbar"
        aria-label={message}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${progress}%` }}
        />
      </div>
      {tip ? (
        <div className="min-h-24 max-w-sm" aria-live="off">
          <p className="font-semibold text-slate-900">{tip.title}</p>
          <p className="mt-1 text-sm text-slate-600">{tip.body}</p>
        </div>
      ) : null}
    </div>
  );
}

/** True until `ready` and at least `minMs` since mount (spec §9 loading screen min display 2 s). */
export function useMinimumDisplay(ready: boolean, minMs: number = LOADING_SCREEN.minDisplayMs): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), minMs);
    return () => window.clearTimeout(timer);
  }, [minMs]);
  return !(ready && elapsed);
}
