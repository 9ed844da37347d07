// /coach, the AI Money Coach: a conversation about the active profile's own money.
// Suggested questions (one drawn from the person's coming low point), the conversation as a polite
// live log, answers with figure cards and "How I worked this out" (the tool calls behind them, with
// links to the calendar), an "Unverified" mark when a figure could not be matched to the person's data,
// earlier messages a page at a time, and clearing the conversation. Any member may ask.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { monthWords } from '@domain/coach/verify.ts';
import { MessageCircle, Send, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { trackSignedInEngagement } from '../../../lib/engagement.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { friendlyDate, shortDate } from '../../../lib/money-format.ts';
import { cacheAreas } from '../../../lib/react-query.ts';
import {
  askCoach,
  clearConversation,
  coachKey,
  conversationQueryOptions,
  type CoachMessage,
  type ToolCall,
} from '../api/coach.ts';
import { calendarTarget } from '../utils/calendar-link.ts';
import { FigureCard } from './figure-card.tsx';

const STARTERS = [
  'Can I afford $200 this weekend?',
  'What bills are due this week?',
  'When is my next payday?',
  'What subscriptions do I have?',
  'How much did I spend last month compared to the month before?',
];

const TOOL_WORDS: Record<string, string> = {
  get_balance_forecast: 'Read your cash forecast',
  can_afford: 'Added the purchase to your cash forecast',
  upcoming_bills: 'Listed the bills in your plan',
  income_schedule: 'Listed the income in your plan',
  list_subscriptions: 'Listed your detected subscriptions',
  spending_by_category: 'Added up your spending by category',
  explain_day: 'Read that day on your calendar',
  search_transactions: 'Searched your transactions',
  propose_planned_item: 'Drafted a planned item (nothing was added)',
};

function Workings({ calls }: { calls: readonly ToolCall[] }) {
  if (calls.length === 0) return null;
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-brand-700">How I worked this out</summary>
      <ol className="mt-1 space-y-2">
        {calls.map((call, i) => {
          const target = calendarTarget(call);
          return (
            <li key={i} className="rounded border border-slate-200 p-2">
              <p className="font-medium">{TOOL_WORDS[call.name] ?? call.name}</p>
              {call.error ? <p className="text-amber-800">{call.error}</p> : null}
              {call.result ? (
                <p className="text-slate-600">
                  As of {shortDate(String(call.result.as_of))}
                  {Array.isArray(call.result.warnings) && call.result.warnings.length > 0
                    ? ` · ${call.result.warnings.join(' ')}`
                    : ''}
                  {target ? (
                    <>
                      {' · '}
                      <Link className="underline" to={target.href}>
                        See {target.day ? friendlyDate(target.day) : monthWords(target.month)} on the calendar
                      </Link>
                    </>
                  ) : null}
                </p>
              ) : null}
              <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-1 text-[11px] whitespace-pre-wrap">
                {JSON.stringify({ asked: call.input, answer: summarize(call.result) }, null, 1)}
              </pre>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/** A tool result without its long day-by-day series (shown in the figure card instead). */
function summarize(result: Record<string, unknown> | null): unknown {
  if (!result) return null;
  const { series: _series, ...rest } = result;
  return rest;
}

function Bubble({
  message,
  onAsk,
  profileId,
}: {
  message: CoachMessage;
  onAsk: (q: string) => void;
  profileId: string;
}) {
  if (message.role === 'user')
    return (
      <div className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-sm text-on-brand">
        <span className="sr-only">You asked: </span>
        {message.text}
      </div>
    );
  return (
    <div className="max-w-[95%] space-y-2 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-900">
      <span className="sr-only">Coach: </span>
      {message.verified === false ? (
        <Badge tone="warning">
          <span title={`Not found in your data: ${message.unmatched.join(', ')}`}>Unverified figures</span>
        </Badge>
      ) : null}
      <p className="whitespace-pre-line" data-testid="coach-answer">
        {message.text}
      </p>
      {message.cards.map((card, i) => (
        <FigureCard key={i} card={card} profileId={profileId} />
      ))}
      {message.suggestions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {message.suggestions.map((s) => (
            <Button key={s} size="sm" variant="secondary" onClick={() => onAsk(s)}>
              {s}
            </Button>
          ))}
        </div>
      ) : null}
      <Workings calls={message.tool_calls} />
    </div>
  );
}

/** One suggestion from the person's own forecast: what is planned around the coming low point. */
function useLowPointSuggestion(profileId: string): string | null {
  const lowest = useQuery({
    queryKey: [cacheAreas.runningBalances, profileId, 'coach-lowest'] as const,
    queryFn: ({ signal }) =>
      api.get<{ lowest: { balance_date: string } | null }>('/running-balances/lowest', {
        profileId,
        signal,
        query: { days: 30, view: 'cash' },
      }),
    staleTime: 300_000,
  });
  const date = lowest.data?.lowest?.balance_date;
  return date ? `What is planned on ${shortDate(date).slice(5)}, when my cash is lowest?` : null;
}

export function Coach({ profileId }: { profileId: string }) {
  const queryClient = useQueryClient();
  const conversation = useInfiniteQuery(conversationQueryOptions(profileId));
  const lowSuggestion = useLowPointSuggestion(profileId);
  const [draft, setDraft] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const ask = useMutation({
    mutationFn: (question: string) => askCoach(profileId, question),
    onSuccess: async () => {
      setDraft('');
      trackSignedInEngagement({ type: 'ai_coach_used' });
      await queryClient.invalidateQueries({ queryKey: coachKey(profileId) });
    },
    onError: (error) => {
      toast.error(
        error instanceof ApiError && error.status === 429
          ? 'Too many requests. Please wait a moment and try again.'
          : errorMessageOr(error, 'The coach could not answer just now. Please try again.'),
      );
    },
  });
  const clear = useMutation({
    mutationFn: () => clearConversation(profileId),
    onSuccess: async () => {
      setConfirmClear(false);
      toast.success('Conversation cleared');
      await queryClient.resetQueries({ queryKey: coachKey(profileId) });
    },
    onError: (error) => toast.error(errorMessageOr(error, 'The conversation could not be cleared.')),
  });

  // Oldest first on screen; the API pages newest first.
  const messages = (conversation.data?.pages ?? []).flatMap((p) => p.messages).reverse();
  const count = messages.length;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count, ask.isPending]);

  const send = (question: string) => {
    const q = question.trim();
    if (!q || ask.isPending) return;
    ask.mutate(q);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send(draft);
    }
  };
  const suggestions = [...(lowSuggestion ? [lowSuggestion] : []), ...STARTERS].slice(0, 5);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 pb-28 md:pb-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">AI Money Coach</h1>
          <p className="text-sm text-slate-600">
            Answers from your own accounts, plan and forecast. Every figure is checked against your data.
          </p>
        </div>
        {count > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => setConfirmClear(true)}>
            <Trash2 aria-hidden="true" className="size-4" /> Clear conversation
          </Button>
        ) : null}
      </div>

      {conversation.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : conversation.isError ? (
        <QueryError
          error={conversation.error}
          title="Your conversation could not load"
          onRetry={() => void conversation.refetch()}
        />
      ) : (
        <div role="log" aria-live="polite" aria-label="Conversation with the coach" className="space-y-3">
          {conversation.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={conversation.isFetchingNextPage}
              onClick={() => void conversation.fetchNextPage()}
            >
              {conversation.isFetchingNextPage ? 'Loading…' : 'Show earlier messages'}
            </Button>
          ) : null}
          {count === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              <p className="flex items-center gap-2 font-medium text-slate-900">
                <MessageCircle aria-hidden="true" className="size-4" /> Ask me about your money
              </p>
              <p className="mt-1">
                I can tell you what you can afford, how low your cash will get, when you are paid, what is
                due, your subscriptions and where your money went.
              </p>
            </div>
          ) : null}
          {messages.map((m) => (
            <Bubble key={m.id} message={m} onAsk={send} profileId={profileId} />
          ))}
          {ask.isPending ? (
            <>
              <div className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-sm text-on-brand opacity-80">
                {ask.variables}
              </div>
              <div className="w-fit max-w-[60%] rounded-2xl bg-slate-100 px-3 py-2 text-sm text-slate-600">
                Working it out from your numbers…
              </div>
            </>
          ) : null}
          <div ref={endRef} />
        </div>
      )}

      <div className="flex flex-wrap gap-2" aria-label="Suggested questions" role="group">
        {suggestions.map((s) => (
          <Button key={s} size="sm" variant="secondary" disabled={ask.isPending} onClick={() => send(s)}>
            {s}
          </Button>
        ))}
      </div>

      <form
        onSubmit={onSubmit}
        className="fixed inset-x-0 bottom-16 z-20 border-t border-slate-200 bg-white p-3 md:static md:border-0 md:bg-transparent md:p-0"
      >
        <div className="mx-auto flex max-w-3xl items-end gap-2">
          <label htmlFor="coach-question" className="sr-only">
            Ask about your money
          </label>
          <textarea
            id="coach-question"
            ref={inputRef}
            value={draft}
            maxLength={500}
            rows={1}
            placeholder="Ask about your money…"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            className="min-h-10 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <Button type="submit" disabled={ask.isPending || draft.trim() === ''}>
            <Send aria-hidden="true" className="size-4" />
            <span>Ask</span>
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Clear this conversation?"
        description="Your questions and the coach's answers on this profile will be deleted."
        confirmLabel="Clear conversation"
        isPending={clear.isPending}
        onConfirm={() => clear.mutate()}
      />
    </div>
  );
}
