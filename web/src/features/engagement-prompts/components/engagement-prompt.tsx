// spec §4 Engagement prompts in the signed-in shell: a card above the screen, in the page's flow (it
// pushes the screen down, never covers it), that congratulates a step and suggests the next one or the
// plans. It
// counts today as an active day, re-decides whenever the engagement record changes (this tab or
// another), and never takes focus: it is a landmark the keyboard reaches after the page, closed with
// its Dismiss button, Escape, or by going to another screen (it belongs to the moment it was shown).
// It is recorded as shown when it appears, so it never comes back.
import { CalendarCheck, Landmark, MessageCircle, Sparkles, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useUser } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../config/paths.ts';
import {
  ENGAGEMENT_CHANGED_EVENT,
  engagementStorageKey,
  trackEngagement,
  type EngagementPromptId,
} from '../../../lib/engagement.ts';
import { engagementPromptContent, PLANS_LINK } from '../content/prompts.ts';
import { claimDuePrompt } from '../utils/decide-prompt.ts';
import { readIsSubscriber } from '../utils/subscriber.ts';

const icons: Record<EngagementPromptId, LucideIcon> = {
  first_account: Landmark,
  money_plan_generated: CalendarCheck,
  ai_coach_used: MessageCircle,
  value_experienced: Sparkles,
};

export function EngagementPromptCard({
  prompt,
  onDismiss,
}: {
  prompt: EngagementPromptId;
  onDismiss: () => void;
}) {
  const titleId = useId();
  // Slides in on the frame after mounting, so the transition runs.
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const bodyId = useId();
  const content = engagementPromptContent[prompt];
  const Icon = icons[prompt];
  const showPlansLink = content.action.href !== PLANS_LINK.href;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onDismiss();
  };
  return (
    <aside
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-engagement-prompt={prompt}
      onKeyDown={onKeyDown}
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-4 shadow-sm',
        'motion-safe:transition motion-safe:duration-300 motion-safe:ease-out',
        entered ? 'translate-y-0 opacity-100' : '-translate-y-2 opacity-0',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="pr-6 text-base font-semibold text-slate-900">
            {content.title}
          </h2>
          <p id={bodyId} className="mt-1 text-sm text-slate-600">
            {content.body}
          </p>
        </div>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onDismiss}
          className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2 pl-13">
        <Button asChild size="sm">
          <Link to={content.action.href} onClick={onDismiss}>
            {content.action.label}
          </Link>
        </Button>
        {showPlansLink ? (
          <Button asChild size="sm" variant="ghost">
            <Link to={PLANS_LINK.href} onClick={onDismiss}>
              {PLANS_LINK.label}
            </Link>
          </Button>
        ) : null}
      </div>
    </aside>
  );
}

/** The engagement prompt due for the signed-in user, if any (mounted once, in the app shell). */
interface ShownPrompt {
  userId: string;
  id: EngagementPromptId;
  pathname: string;
}

// The prompt on screen in this page, kept outside React: claiming records it as shown for good, so a
// remount of the shell (auth settling, a lazily loaded route) must find it here rather than claim
// again (and get nothing, since one was shown today).
let onScreen: ShownPrompt | null = null;
const listeners = new Set<() => void>();
const setOnScreen = (next: ShownPrompt | null) => {
  onScreen = next;
  for (const listener of listeners) listener();
};
const subscribeOnScreen = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const readOnScreen = () => onScreen;

/** Screens that are themselves the next step: no prompt is claimed there; it waits for the next screen
 * (the first-time onboarding right after a connection would otherwise show, and lose, first_account). */
const quietPaths: ReadonlySet<string> = new Set([paths.app.onboarding.path]);

/** Whether a prompt's action leads to `pathname` (the screen it would show on). */
const leadsTo = (pathname: string) => (prompt: EngagementPromptId) =>
  engagementPromptContent[prompt].action.href === pathname;

export function EngagementPrompts() {
  const { userId } = useUser();
  const { pathname } = useLocation();
  const prompt = useSyncExternalStore(subscribeOnScreen, readOnScreen, () => null);
  const currentPath = useRef(pathname);
  currentPath.current = pathname;

  useEffect(() => {
    // Only a tab the user can see counts the day or claims a prompt: a hidden one (a background tab,
    // or this page while it unloads) would record as shown a prompt nobody saw.
    const isVisible = () => document.visibilityState === 'visible';
    const countToday = () => {
      if (isVisible()) trackEngagement(userId, { type: 'day_active' });
    };
    const evaluate = () => {
      if (!isVisible() || onScreen?.userId === userId || quietPaths.has(currentPath.current)) return;
      const id = claimDuePrompt(userId, {
        isSubscriber: readIsSubscriber(),
        now: new Date(),
        leadsHere: leadsTo(currentPath.current),
      });
      if (id) setOnScreen({ userId, id, pathname: currentPath.current });
    };
    const onChanged = (event: Event) => {
      if ((event as CustomEvent<{ userId?: string }>).detail?.userId === userId) evaluate();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === engagementStorageKey(userId)) evaluate();
    };
    const onVisibility = () => {
      countToday();
      evaluate();
    };
    countToday();
    evaluate();
    window.addEventListener(ENGAGEMENT_CHANGED_EVENT, onChanged);
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener(ENGAGEMENT_CHANGED_EVENT, onChanged);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [userId]);

  // Leaving a quiet screen: the prompt that waited is due now.
  const previousPath = useRef(pathname);
  useEffect(() => {
    const left = previousPath.current;
    previousPath.current = pathname;
    if (!quietPaths.has(left) || quietPaths.has(pathname)) return;
    if (document.visibilityState !== 'visible' || onScreen?.userId === userId) return;
    const id = claimDuePrompt(userId, {
      isSubscriber: readIsSubscriber(),
      now: new Date(),
      leadsHere: leadsTo(pathname),
    });
    if (id) setOnScreen({ userId, id, pathname });
  }, [pathname, userId]);

  // Another screen (or another user) closes it.
  useEffect(() => {
    if (prompt && (prompt.pathname !== pathname || prompt.userId !== userId)) setOnScreen(null);
  }, [pathname, prompt, userId]);

  if (!prompt || prompt.userId !== userId || prompt.pathname !== pathname) return null;
  return <EngagementPromptCard key={prompt.id} prompt={prompt.id} onDismiss={() => setOnScreen(null)} />;
}
