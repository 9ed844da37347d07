// What the offline coach's answers share: the question as read (its family and figures, yes/no, the
// window ahead), the turn being written (tool calls, lines, cards), and reading tool results safely.
import type { Subject } from '../../../domain/coach/lexicon.ts';
import type { ParsedQuestion } from '../../../domain/coach/question.ts';
import type { Ahead } from '../../../domain/coach/window.ts';
import type { CoachCard } from './port.ts';
import type { ToolContext } from './tool-context.ts';
import { runTool, type ToolCall } from './tools.ts';

export type Result = NonNullable<ToolCall['result']>;

/** The question as read: its family and figures, plus what the coach reads around them. */
export interface Asked extends ParsedQuestion {
  readonly question: string;
  readonly lower: string;
  readonly yesNo: boolean;
  readonly ahead: Ahead | null;
}
export const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
/** What a search_transactions result says was spent: net of refunds for a category search (its
 * net_spent), else what was paid (total_spent). */
export const spentOf = (r: Record<string, unknown>): number =>
  num(typeof r.net_spent === 'number' ? r.net_spent : r.total_spent);
export const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
export const list = (v: unknown): Array<Record<string, unknown>> =>
  (Array.isArray(v) ? v : []) as Array<Record<string, unknown>>;

export interface Turn {
  readonly calls: ToolCall[];
  readonly text: string[];
  readonly cards: CoachCard[];
}

export async function call(
  tc: ToolContext,
  turn: Turn,
  name: string,
  input: unknown,
): Promise<Result | null> {
  const c = await runTool(tc, name, input);
  turn.calls.push(c);
  if (c.error) turn.text.push(`I couldn't work that out: ${c.error}.`);
  return c.result;
}

export function warnings(result: Result | null): string[] {
  return result ? result.warnings : [];
}

/** A question to be answered yes or no ("will i dip under…", "am i going to run out…"). */
export function isYesNo(question: string): boolean {
  return /^\s*(did|do|does|am|is|are|was|will|won't|can|could|would|have|has|should)\b/i.test(question);
}

/** The next real pay (a quarter of the largest payment in at least: not a few cents of interest). */
export function nextPay(r: Result | null): Record<string, unknown> | null {
  if (!r) return null;
  const payments = list(r.payments);
  const largest = Math.max(0, ...payments.map((p) => num(p.amount)));
  return payments.find((p) => num(p.amount) >= largest / 4) ?? obj(r.next);
}

/** search_transactions' filter for a subject: a category's stored codes (spending net of refunds), one
 * payee's name, or several payees' names at once. */
export function subjectFilter(subject: Subject | null): Record<string, unknown> {
  if (subject === null) return { spending_only: true };
  if (subject.kind === 'category')
    return { categories: [...subject.detailed, ...subject.groups], spending_only: true };
  return subject.names && subject.names.length > 1 ? { texts: [...subject.names] } : { text: subject.label };
}
