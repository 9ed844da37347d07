// Connects the page's recorder (lib/telemetry.ts) to its shipper (lib/report-shipper.ts) and to the
// global handlers: an uncaught error or unhandled rejection becomes an error report, and page hide (or
// the tab going to the background) sends what is pending with navigator.sendBeacon. Installed once by
// app/app-wide.tsx. A signed-in page's posts carry the ID token so the server attributes them; a beacon
// cannot carry headers, so the last batch of a page arrives anonymous. The shipper, the runtime config
// and the API client (with Amplify) are loaded only when there is something to send: the light landing
// page records nothing until an error, so it loads nothing of the app for this. docs/observability.md.
import type { ClientErrorReport } from '@domain/client-report.ts';
import { REPORT_SHIPPING } from './constants.ts';
import type { ReportShipper } from './report-shipper.ts';
import { telemetry, type MetricEntry } from './telemetry.ts';

export const CLIENT_REPORTS_PATH = '/client-reports';

type Recorded = { metric: MetricEntry } | { error: ClientErrorReport };

let installed: (() => void) | null = null;

function sessionId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

async function loadShipper(): Promise<ReportShipper | null> {
  const [{ getAppConfig }, { getIdToken }, { createReportShipper }] = await Promise.all([
    import('../config/app-config.ts'),
    import('./api-client.ts'),
    import('./report-shipper.ts'),
  ]);
  let apiUrl: string;
  let stage: 'local' | 'cloud';
  try {
    ({ apiUrl, stage } = getAppConfig());
  } catch {
    // No runtime config (the page could not start): nowhere to send to.
    return null;
  }
  const url = `${apiUrl}${CLIENT_REPORTS_PATH}`;
  return createReportShipper({
    sessionId: sessionId(),
    buildVersion: telemetry.buildVersion,
    sampleRate: REPORT_SHIPPING.sampleRate[stage],
    send: async (body) => {
      const token = await getIdToken();
      await fetch(url, {
        method: 'POST',
        keepalive: true,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
    },
    beacon: (body) =>
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(url, new Blob([body], { type: 'application/json' })),
  });
}

/** Resolves when the browser is next idle (within 2 s): the shipper's code is fetched after the first
 * screen's, not among it (a start records its first metric before its screen has shown). */
function browserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else window.setTimeout(resolve, 200);
  });
}

/** Starts shipping for this page; returns the uninstaller. */
export function installTelemetry(): () => void {
  if (installed) return installed;
  let shipper: ReportShipper | null = null;
  let loading: Promise<void> | null = null;
  let stopped = false;
  /** What was recorded before the shipper arrived (bounded like one post). */
  const early: Recorded[] = [];
  const hand = (item: Recorded) => {
    if (!shipper) return;
    if ('metric' in item) shipper.addMetric(item.metric);
    else shipper.addError(item.error);
  };
  const take = (item: Recorded) => {
    if (shipper) return hand(item);
    if (early.length < 200) early.push(item);
    loading ??= browserIdle()
      .then(loadShipper)
      .then((loaded) => {
        if (stopped) return loaded?.stop();
        shipper = loaded;
        early.splice(0).forEach(hand);
      })
      .catch(() => undefined);
  };
  const unsubscribe = telemetry.subscribe({
    metric: (metric) => take({ metric }),
    error: (error) => take({ error }),
  });
  const onError = (event: ErrorEvent) => {
    // A script that failed to load, or a cross-origin error, has no error object: its message stands in.
    telemetry.reportError(event.error ?? new Error(event.message || 'Script error'));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    telemetry.reportError(event.reason);
  };
  const onHide = () => shipper?.flushOnHide();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') shipper?.flushOnHide();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  installed = () => {
    stopped = true;
    unsubscribe();
    shipper?.stop();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
    installed = null;
  };
  return installed;
}
