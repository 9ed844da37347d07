// One-line user text at the edge: names and descriptions a person types are refused when they hold a
// control character (NUL, escape codes, a CR or LF, or Unicode's line and paragraph separators), so none
// reaches a stored name, a log line or an e-mail header (a profile's name goes into the invitation's
// subject), or half of a surrogate pair, which is not text and cannot be written as UTF-8.
import type { z } from 'zod';
import { hasControlCharacters, hasLoneSurrogate } from '../../domain/text.ts';

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters such as line breaks';
export const LONE_SURROGATE_MESSAGE = 'must be valid text (it holds half of an emoji or other character)';

/** `schema` (a string schema) refusing control characters, line breaks and lone surrogates. */
export function oneLine<T extends z.ZodType<string>>(schema: T): T {
  return schema
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE)
    .refine((value) => !hasLoneSurrogate(value), LONE_SURROGATE_MESSAGE) as unknown as T;
}
