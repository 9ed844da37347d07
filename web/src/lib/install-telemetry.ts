// Connects the page's recorder (lib/telemetry.ts) to its shipper (lib/report-shipper.ts) and to the
// global handlers: an uncaught error or unhandled rejection becomes an error report, and page hide (or
// the tab going to the background) sends what is pending with navigator.sendBeacon. Installed once by
// app/app-wide.tsx. A signed-in page's posts carry the ID token so the server attributes them; a beacon
// cannot carry headers, so the last batch of a page arrives anonymous. docs/observability.md.
import { getAppConfig } from '../config/app-config.ts';
import { getIdToken } from './api-client.ts';
import { REPORT_SHIPPING } from './constants.ts';
import { createReportShipper, type ReportShipper } from './report-shipper.ts';
import { telemetry } from './telemetry.ts';

export const CLIENT_REPORTS_PATH = '/client-reports';

let installed: { shipper: ReportShipper; uninstall: () => void } | null = null;

function sessionId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Starts shipping for this page; returns the uninstaller. Without a loaded config, nothing ships. */
export function installTelemetry(): () => void {
  if (installed) return installed.uninstall;
  let apiUrl: string;
  let stage: 'local' | 'cloud';
  try {
    ({ apiUrl, stage } = getAppConfig());
  } catch {
    return () => undefined;
  }
  const url = `${apiUrl}${CLIENT_REPORTS_PATH}`;
  const shipper = createReportShipper({
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
  const unsubscribe = telemetry.subscribe({ metric: shipper.addMetric, error: shipper.addError });
  const onError = (event: ErrorEvent) => {
    // A script that failed to load, or a cross-origin error, has no error object: its message stands in.
    telemetry.reportError(event.error ?? new Error(event.message || 'Script error'));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    telemetry.reportError(event.reason);
  };
  const onHide = () => shipper.flushOnHide();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') shipper.flushOnHide();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  const uninstall = () => {
    unsubscribe();
    shipper.stop();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
    installed = null;
  };
  installed = { shipper, uninstall };
  return uninstall;
}
