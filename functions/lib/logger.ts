// Structured JSON logs with a correlation id. Never log bodies, tokens or secrets: callers pass
// explicit fields only, and keys that look secret are redacted as a last line of defence.
const SECRET_KEY = /token|secret|password|authorization|cookie|access_token/i;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : value;
  }
  return out;
}

export function createLogger(
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  minLevel: LogLevel = (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info',
): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  const emit = (level: LogLevel, message: string, fields: Record<string, unknown> = {}) => {
    if (order.indexOf(level) < order.indexOf(minLevel)) return;
    write(
      JSON.stringify({ level, time: new Date().toISOString(), message, ...redact(base), ...redact(fields) }),
    );
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, write, minLevel),
  };
}
