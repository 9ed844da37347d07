// One-line user text at the edge (issue 11 item 3): names and descriptions a person types are refused
// when they hold a control character (NUL, escape codes, a CR or LF), so none reaches a stored name,
// a log line or an e-mail header (a profile's name goes into the invitation's subject).
import type { z } from 'zod';
import { hasControlCharacters } from '../../domain/text.ts';

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters such as line breaks';

/** `schema` (a string schema) refusing control characters. */
export function oneLine<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE) as unknown as T;
}
