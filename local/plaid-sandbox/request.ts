// Request validation with Plaid's error codes: UNKNOWN_FIELDS for fields the endpoint does not
// define, MISSING_FIELDS for absent required ones, INVALID_FIELD for the rest.
import type { z } from 'zod';
import { errors } from './errors.ts';

/**
 * The top-level fields of a Plaid request type. Listing them as `Record<keyof T, true>` makes the
 * compiler insist on every field of the plaid package's type and on no other, so the sandbox's
 * UNKNOWN_FIELDS check follows the package when it is upgraded.
 */
export const fieldsOf =
  <T>() =>
  (fields: Record<keyof T, true>): ReadonlySet<string> =>
    new Set(Object.keys(fields));

export function parseRequest<S extends z.ZodType>(
  body: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  schema: S,
): z.infer<S> {
  const unknown = Object.keys(body).filter((key) => !allowed.has(key));
  if (unknown.length > 0) throw errors.unknownFields(unknown);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const valueAt = (path: PropertyKey[]) =>
    path.reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
      body,
    );
  const missing = result.error.issues
    .filter((issue) => issue.code === 'invalid_type' && valueAt(issue.path) === undefined)
    .map((issue) => issue.path.join('.'));
  if (missing.length > 0) throw errors.missingFields(missing);
  const issue = result.error.issues[0];
  if (!issue) throw errors.invalidBody('request body is invalid');
  const field = issue.path.join('.');
  throw errors.invalidField(
    issue.code === 'invalid_type' ? `${field} must be of type ${issue.expected}` : issue.message,
  );
}
