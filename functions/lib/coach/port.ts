// The coach port: one interface, two coaches — the offline one (`npm start`, tests)
// and Bedrock's Converse with tools (the cloud). Both answer from the tools only; the handler checks
// the numbers (domain/coach/verify.ts), stores the turn and enforces the limits.
import type { ToolContext } from './tool-context.ts';
import type { ToolCall } from './tools.ts';

/** A small figure beside the text: the result of the tool it shows. */
export interface CoachCard {
  readonly type: 'can_afford' | 'forecast' | 'subscriptions' | 'spending' | 'day' | 'proposal';
  readonly data: Record<string, unknown>;
}

export interface CoachAnswer {
  readonly text: string;
  readonly tool_calls: readonly ToolCall[];
  readonly cards: readonly CoachCard[];
  /** Questions to offer next (what the coach can answer). */
  readonly suggestions: readonly string[];
  readonly usage: { readonly input_tokens: number; readonly output_tokens: number };
}

export interface CoachPort {
  readonly name: 'local' | 'bedrock';
  /** `retryNote` asks for a second answer after a failed number check (naming the figures). */
  answer(tc: ToolContext, question: string, retryNote?: string): Promise<CoachAnswer>;
}
