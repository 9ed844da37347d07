// The correlation id of the last API call that failed in this tab, so a support request can name it
// (Help & Support's "include diagnostics"; the full error report carries the same id).
let last: { correlationId: string; at: string } | null = null;

export function rememberFailedCall(correlationId: string | null, at: Date = new Date()): void {
  if (correlationId) last = { correlationId, at: at.toISOString() };
}

export function lastFailedCall(): { correlationId: string; at: string } | null {
  return last;
}
