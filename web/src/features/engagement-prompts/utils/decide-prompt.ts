// spec §4 Engagement prompts: which prompt, if any, is due now. Only non-subscribers see them, each
// prompt at most once ever, and at most one a day (spec §9). The triggers are ours (the spec names
// the prompts, not their moments): see docs/web.md "Engagement prompts".
import {
  engagementPromptIds,
  readEngagement,
  withPromptShown,
  writeEngagement,
  type EngagementPromptId,
  type EngagementRecord,
} from '../../../lib/engagement.ts';
import { ENGAGEMENT_PROMPT_INTERVAL_MS } from '../../../lib/constants.ts';

/** value_experienced: after the app was used on this many different days. */
export const VALUE_EXPERIENCED_DAYS = 3;

const triggered: Record<EngagementPromptId, (record: EngagementRecord) => boolean> = {
  // Its next step is building the plan: once the plan exists there is nothing to suggest.
  first_account: (r) => r.accountsConnected >= 1 && !r.moneyPlanGenerated,
  money_plan_generated: (r) => r.moneyPlanGenerated,
  ai_coach_used: (r) => r.aiCoachUsed,
  value_experienced: (r) => r.daysActive >= VALUE_EXPERIENCED_DAYS,
};

export interface PromptDecisionInput {
  record: EngagementRecord;
  isSubscriber: boolean;
  now: Date;
  /** Whether a prompt's action leads to the screen on show: such a prompt waits for another screen
   * (on the calendar, 'Open my Money Calendar' suggests nothing). */
  leadsHere?: (prompt: EngagementPromptId) => boolean;
}

/**
 * The prompt to show now, or null. When several are due, the earliest in the journey goes first
 * (first_account, money_plan_generated, ai_coach_used, value_experienced); the next waits a day.
 */
export function decideEngagementPrompt({
  record,
  isSubscriber,
  now,
  leadsHere = () => false,
}: PromptDecisionInput): EngagementPromptId | null {
  if (isSubscriber) return null;
  if (record.lastPromptShown !== null) {
    const last = Date.parse(record.lastPromptShown);
    // A last-shown time in the future (a clock moved back) also waits: the limit errs towards fewer prompts.
    if (!Number.isNaN(last) && now.getTime() - last < ENGAGEMENT_PROMPT_INTERVAL_MS) return null;
  }
  return (
    engagementPromptIds.find(
      (id) => !record.promptsShown.includes(id) && triggered[id](record) && !leadsHere(id),
    ) ?? null
  );
}

/**
 * Decides for `userId` and, when a prompt is due, records it as shown right away (promptsShown and
 * lastPromptShown), so it is never shown twice, even if the tab closes before it is dismissed.
 */
export function claimDuePrompt(
  userId: string,
  {
    isSubscriber,
    now,
    storage,
    leadsHere,
  }: Omit<PromptDecisionInput, 'record'> & { storage?: Pick<Storage, 'getItem' | 'setItem'> | null },
): EngagementPromptId | null {
  const record = readEngagement(userId, storage);
  const prompt = decideEngagementPrompt({ record, isSubscriber, now, leadsHere });
  if (prompt) writeEngagement(userId, withPromptShown(record, prompt, now), storage);
  return prompt;
}
