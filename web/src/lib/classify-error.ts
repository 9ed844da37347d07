// The error classifier of spec §8: turns anything thrown (API errors, fetch failures, time-outs, chunk
// load failures) into a type, the user message of the catalogue, the action to offer and whether a
// retry may help. Every screen, the query retry policy and (later) the error boundary use this one.
import { errorMessages } from '@domain/errors.ts';

export type ClassifiedErrorType =
  'auth' | 'server' | 'not_found' | 'rate_limit' | 'timeout' | 'deployment' | 'network' | 'unknown';

export type ErrorAction = 'sign_in' | 'retry' | 'add_data' | 'wait' | 'refresh';

export interface ClassifiedError {
  type: ClassifiedErrorType;
  /** The user-facing message of spec §8. */
  message: string;
  action: ErrorAction;
  retryable: boolean;
  /** The original error's own message, for logs. */
  detail: string;
}

const rules: Record<Exclude<ClassifiedErrorType, 'unknown'>, { action: ErrorAction; retryable: boolean }> = {
  auth: { action: 'sign_in', retryable: false },
  server: { action: 'retry', retryable: true },
  not_found: { action: 'add_data', retryable: false },
  rate_limit: { action: 'wait', retryable: true },
  timeout: { action: 'retry', retryable: true },
  deployment: { action: 'refresh', retryable: false },
  network: { action: 'retry', retryable: true },
};

// Text patterns, checked in this order: a failed dynamic import mentions "failed to fetch", and a
// time-out message must not read as a network failure.
const textRules: [Exclude<ClassifiedErrorType, 'unknown'>, RegExp][] = [
  [
    'deployment',
    /chunkloaderror|loading (css )?chunk .* failed|failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed/i,
  ],
  ['auth', /jwt|permission|unauthori[sz]ed/i],
  ['server', /internal server error|service unavailable|bad gateway/i],
  ['rate_limit', /rate limit|too many requests/i],
  ['timeout', /time-?out|timed out|abort|cancel/i],
  ['network', /failed to fetch|network ?error|network request failed|offline|load failed/i],
  ['not_found', /not found|no data|empty response/i],
];

// Error codes of the original data store (spec §8) and of our own API (domain/errors.ts).
const codeRules: Record<string, Exclude<ClassifiedErrorType, 'unknown'>> = {
  PGRST301: 'auth',
  PGRST116: 'auth',
  PGRST000: 'server',
  TIMEOUT: 'timeout',
  auth: 'auth',
  server: 'server',
  not_found: 'not_found',
  rate_limit: 'rate_limit',
  timeout: 'timeout',
  network: 'network',
};

function typeFromStatus(status: number): Exclude<ClassifiedErrorType, 'unknown'> | null {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return null;
}

function fields(error: unknown): {
  message: string;
  name: string;
  status: number | null;
  code: string | null;
} {
  if (typeof error === 'string') return { message: error, name: '', status: null, code: null };
  if (typeof error !== 'object' || error === null) return { message: '', name: '', status: null, code: null };
  const record = error as Record<string, unknown>;
  const rawStatus = record.status ?? record.statusCode;
  return {
    message: typeof record.message === 'string' ? record.message : '',
    name: typeof record.name === 'string' ? record.name : '',
    status: typeof rawStatus === 'number' && rawStatus > 0 ? rawStatus : null,
    code: typeof record.code === 'string' ? record.code : null,
  };
}

function classified(type: ClassifiedErrorType, detail: string, retryable?: boolean): ClassifiedError {
  if (type === 'unknown') {
    return {
      type,
      message: detail ? errorMessages.unknown(detail) : errorMessages.gentle,
      action: 'retry',
      retryable: retryable ?? true,
      detail,
    };
  }
  const rule = rules[type];
  return { type, message: errorMessages[type], action: rule.action, retryable: rule.retryable, detail };
}

export function classifyError(error: unknown): ClassifiedError {
  const { message, name, status, code } = fields(error);
  const detail = message || name;

  if (status !== null) {
    const byStatus = typeFromStatus(status);
    if (byStatus) return classified(byStatus, detail);
  }
  if (code !== null) {
    const byCode = codeRules[code];
    if (byCode) return classified(byCode, detail);
  }
  if (name === 'AbortError' || name === 'TimeoutError') return classified('timeout', detail);
  const text = `${name} ${message}`;
  for (const [type, pattern] of textRules) {
    if (pattern.test(text)) return classified(type, detail);
  }
  // A request the server refused as malformed (400, 409, 422) will fail the same way again.
  const clientError = status !== null && status >= 400 && status < 500;
  return classified('unknown', detail, !clientError);
}
