// spec §4 Engagement prompts in the signed-in shell: a small card (bottom left from 768 px, above the
// bottom navigation below it) that congratulates a step and suggests the next one or the plans. It
// counts today as an active day, re-decides whenever the engagement record changes (this tab or
// another), and never takes focus: it is a landmark the keyboard reaches after the page, closed with
// its Dismiss button, Escape, or by going to another screen (it belongs to the moment it was shown).
// It is recorded as shown when it appears, so it never comes back.
import { CalendarCheck, Landmark, MessageCircle, Sparkles, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useUser } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
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
  entered = true,
}: {
  prompt: EngagementPromptId;
  onDismiss: () => void;
  entered?: boolean;
}) {
  const titleId = useId();
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
        'fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-30 rounded-xl border border-slate-200 bg-white p-4 shadow-xl',
        'md:inset-x-auto md:bottom-6 md:left-6 md:w-[22rem]',
        'motion-safe:transition motion-safe:duration-300 motion-safe:ease-out',
        entered ? 'translate-y-0 opacity-100' : 'translate-y-3 opacity-0',
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

export function EngagementPrompts() {
  const { userId } = useUser();
  const { pathname } = useLocation();
  const [prompt, setPrompt] = useState<ShownPrompt | null>(null);
  const [entered, setEntered] = useState(false);
  // The prompt on screen, read synchronously: a claim records the prompt as shown, and that write
  // must not make this tab claim (or hide) anything while one is up.
  const showing = useRef<ShownPrompt | null>(null);
  const currentPath = useRef(pathname);
  currentPath.current = pathname;

  useEffect(() => {
    const countToday = () => {
      if (document.visibilityState === 'visible') trackEngagement(userId, { type: 'day_active' });
    };
    const evaluate = () => {
      if (showing.current?.userId === userId) return;
      const id = claimDuePrompt(userId, { isSubscriber: readIsSubscriber(), now: new Date() });
      if (!id) return;
      showing.current = { userId, id, pathname: currentPath.current };
      setEntered(false);
      setPrompt(showing.current);
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

  // Slide in on the frame after mounting, so the transition runs.
  useEffect(() => {
    if (!prompt) return;
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, [prompt]);

  // Another screen (or another user) closes it.
  useEffect(() => {
    if (prompt && (prompt.pathname !== pathname || prompt.userId !== userId)) {
      showing.current = null;
      setPrompt(null);
    }
  }, [pathname, prompt, userId]);

  if (!prompt || prompt.userId !== userId || prompt.pathname !== pathname) return null;
  const dismiss = () => {
    showing.current = null;
    setPrompt(null);
  };
  return <EngagementPromptCard prompt={prompt.id} onDismiss={dismiss} entered={entered} />;
}
