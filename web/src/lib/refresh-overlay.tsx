// The refresh overlay of spec §4: 'Refreshing your financial data...' with a progress bar that rises 4
// every 500 ms up to 85 while the work runs, jumps to 100 when it is done, and clears 1.5 s later. A
// refresh invalidates its scope's cached data (after a 1 s wait, spec §4). A failure is logged and the
// overlay hidden (spec §8 "the refresh helper logs and hides the overlay"); the caller hears about it.
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { setupWording } from '@domain/account-connection-messages.ts';
import { REFRESH_PROGRESS } from './constants.ts';
import {
  nextRefreshProgress,
  pickRefreshTip,
  refreshScopeAreas,
  type RefreshScope,
} from './refresh-progress.ts';

export interface RefreshState {
  isRefreshing: boolean;
  scope: RefreshScope | null;
  progress: number;
  tip: string;
}

interface RefreshContextValue extends RefreshState {
  /** Runs `work` (if any) under the overlay, then invalidates the scope. Resolves false on failure. */
  refresh: (scope: RefreshScope, work?: () => Promise<unknown>) => Promise<boolean>;
}

const idle: RefreshState = { isRefreshing: false, scope: null, progress: 0, tip: '' };
const RefreshContext = createContext<RefreshContextValue | null>(null);
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function RefreshOverlayProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RefreshState>(idle);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  const clearer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef(false);

  const stopTimers = useCallback(() => {
    if (ticker.current) clearInterval(ticker.current);
    if (clearer.current) clearTimeout(clearer.current);
    ticker.current = null;
    clearer.current = null;
  }, []);
  useEffect(() => stopTimers, [stopTimers]);

  const refresh = useCallback(
    async (scope: RefreshScope, work?: () => Promise<unknown>) => {
      if (running.current) return false;
      running.current = true;
      stopTimers();
      setState({ isRefreshing: true, scope, progress: 0, tip: pickRefreshTip() });
      ticker.current = setInterval(
        () => setState((s) => ({ ...s, progress: nextRefreshProgress(s.progress) })),
        REFRESH_PROGRESS.intervalMs,
      );
      try {
        if (work) await work();
        await wait(REFRESH_PROGRESS.scopeWaitMs);
        await Promise.all(
          refreshScopeAreas[scope].map((area) => queryClient.invalidateQueries({ queryKey: [area] })),
        );
        stopTimers();
        setState((s) => ({ ...s, progress: 100 }));
        clearer.current = setTimeout(() => setState(idle), REFRESH_PROGRESS.clearAfterMs);
        return true;
      } catch (error) {
        console.error('refresh failed', { scope, error });
        stopTimers();
        setState(idle);
        return false;
      } finally {
        running.current = false;
      }
    },
    [queryClient, stopTimers],
  );

  const value = useMemo(() => ({ ...state, refresh }), [state, refresh]);
  return (
    <RefreshContext.Provider value={value}>
      {children}
      {state.isRefreshing ? <RefreshOverlay progress={state.progress} tip={state.tip} /> : null}
    </RefreshContext.Provider>
  );
}

function RefreshOverlay({ progress, tip }: { progress: number; tip: string }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/30 px-4">
      <div
        role="status"
        aria-live="polite"
        className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-5 shadow-xl"
      >
        <p className="text-base font-semibold text-slate-900">{setupWording.refreshOverlay}</p>
        <div
          role="progressbar"
          aria-label={setupWording.refreshOverlay}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-500 ease-out"
            style={{ width: `${progress}%` }}
          />
        </div>
        {tip ? <p className="mt-3 text-sm text-slate-600">{tip}</p> : null}
      </div>
    </div>
  );
}

export function useRefresh(): RefreshContextValue {
  const context = useContext(RefreshContext);
  if (!context) throw new Error('useRefresh must be used inside <RefreshOverlayProvider>');
  return context;
}
