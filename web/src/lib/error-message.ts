// The text a toast or form shows for a failed API call. spec §8 Profiles: "failures show the error's
// message or fallback". The API's own message is user-safe (domain/errors.ts), so it is shown as is;
// a field issue is shown by itself rather than inside "Invalid request: …"; a failure that never
// reached the API (offline, time-out, expired session) gets the spec §8 catalogue text instead of the
// browser's wording; anything else (a malformed answer) gets the caller's fallback.
import { ApiError } from './api-client.ts';
import { classifyError } from './classify-error.ts';

export function errorMessageOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const issue = error.issues[0];
  if (issue) return issue.message;
  if (error.status === 0 || error.status === 401) return classifyError(error).message;
  return error.message || fallback;
}
