// First-time onboarding's pure rules (docs/onboarding.md): which detected streams are
// shown as "what we found", which planned item drops a pattern (its next open occurrence, deleted for
// the series as the Money Plan's own Delete does), and the setup checklist's steps.
import type { Account } from '../../../lib/accounts-api.ts';
import type { PlanItem, Stream } from '../../../lib/money-plan-api.ts';

export type PatternKind = 'income' | 'bill' | 'subscription';

export const PATTERN_GROUPS: ReadonlyArray<{ kind: PatternKind; title: string; empty: string }> = [
  { kind: 'income', title: 'Income', empty: 'No regular income found yet.' },
  { kind: 'bill', title: 'Bills', empty: 'No regular bills found yet.' },
  { kind: 'subscription', title: 'Subscriptions', empty: 'No subscriptions found yet.' },
];

/** Income, bills and subscriptions the plan holds: detected, active, planned and not dropped. */
export function foundPatterns(streams: readonly Stream[]): Record<PatternKind, Stream[]> {
  const groups: Record<PatternKind, Stream[]> = { income: [], bill: [], subscription: [] };
  for (const stream of streams) {
    if (stream.kind === 'transfer') continue;
    if (stream.source !== 'detected' || stream.status !== 'active') continue;
    if (!stream.is_planned || stream.is_suppressed) continue;
    groups[stream.kind].push(stream);
  }
  return groups;
}

/** The occurrence a series-wide delete starts from: the series' first open item from today on. */
export function occurrenceToDrop(
  items: readonly PlanItem[],
  seriesId: string,
  today: string,
): PlanItem | undefined {
  return items
    .filter((i) => i.series_id === seriesId && !i.is_user_deleted && !i.is_reconciled && i.due_date >= today)
    .sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
}

/** spec §3: historical_sync_status other than completed means in progress. */
export const historySyncing = (accounts: readonly Pick<Account, 'historical_sync_status'>[]) =>
  accounts.length === 0 || accounts.some((a) => a.historical_sync_status !== 'completed');

export interface ChecklistStep {
  id: 'connect' | 'patterns' | 'calendar' | 'share';
  title: string;
  text: string;
  done: boolean;
  optional?: boolean;
}

/** The re-runnable setup checklist (/onboarding without the query): each step's state from the data. */
export function checklistSteps(input: {
  accounts: number;
  planGenerated: boolean;
  onboardingCompleted: boolean;
  members: number;
}): ChecklistStep[] {
  return [
    {
      id: 'connect',
      title: 'Connect a bank',
      text: 'Link checking, savings, cards or loans so your balances and history come in.',
      done: input.accounts > 0,
    },
    {
      id: 'patterns',
      title: 'Review your income, bills and subscriptions',
      text: 'Keep what repeats and drop what does not; your plan follows.',
      done: input.planGenerated,
    },
    {
      id: 'calendar',
      title: 'See your Money Calendar',
      text: 'Every day ahead with what is planned and where your balance is heading.',
      done: input.onboardingCompleted,
    },
    {
      id: 'share',
      title: 'Share with someone',
      text: 'Invite a partner or a helper to view or edit this profile.',
      done: input.members > 1,
      optional: true,
    },
  ];
}
