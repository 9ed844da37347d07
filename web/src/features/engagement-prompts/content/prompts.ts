// The wording of the four engagement prompts of spec §4 (the spec names them, not their texts). Each
// congratulates the step just taken and offers the natural next one; all of them offer the plans.
import { APP_NAME } from '../../../config/brand.ts';
import { paths } from '../../../config/paths.ts';
import type { EngagementPromptId } from '../../../lib/engagement.ts';
import { VALUE_EXPERIENCED_DAYS } from '../utils/decide-prompt.ts';

export interface EngagementPromptContent {
  title: string;
  body: string;
  /** The natural next step; value_experienced's is the plans themselves. */
  action: { label: string; href: string };
}

export const PLANS_LINK = { label: 'See plans', href: paths.plans.getHref() } as const;

export const engagementPromptContent: Record<EngagementPromptId, EngagementPromptContent> = {
  first_account: {
    title: 'Your first account is connected',
    body: `Nice start. Next, let ${APP_NAME} find your paychecks, bills and subscriptions and turn them into your Money Plan.`,
    action: { label: 'Build my Money Plan', href: paths.app.plan.getHref() },
  },
  money_plan_generated: {
    title: 'Your Money Plan is ready',
    body: 'Every payday and bill is now on your Money Calendar, with your balance forecast day by day for the next two years.',
    action: { label: 'Open my Money Calendar', href: paths.app.calendar.getHref() },
  },
  ai_coach_used: {
    title: 'Your coach knows your numbers',
    body: 'Ask it anything, any time: what you can spend this week, when a bill will land, how to pay off debt faster.',
    action: { label: 'Ask another question', href: paths.app.coach.getHref() },
  },
  value_experienced: {
    title: "You're building a money habit",
    body: `You've checked in on your money on ${VALUE_EXPERIENCED_DAYS} different days. Keep your calendar, plan, forecast and coach with a ${APP_NAME} plan.`,
    action: PLANS_LINK,
  },
};
