// spec §2 in-app notices: admin-defined notices for the current page pop up centred, one every 500 ms,
// each with its title, its HTML content sanitized by DOMPurify (admin HTML is never trusted: scripts,
// event handlers and javascript: URLs are removed), and a 'Got it' button that stores the dismissal.
// spec §4: dismissed notices stay hidden; the dismiss animation lasts 150 ms.
import DOMPurify from 'dompurify';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Info, Megaphone, PartyPopper, TriangleAlert, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { dismissNotice, noticesQueryOptions, type Notice } from '../api/notices.ts';
import { NOTICE_TIMING, noticePageFor } from '../utils/notice-page.ts';

const variants: Record<string, { icon: typeof Info; accent: string }> = {
  success: { icon: PartyPopper, accent: 'border-t-emerald-500' },
  warning: { icon: TriangleAlert, accent: 'border-t-amber-500' },
  announcement: { icon: Megaphone, accent: 'border-t-brand-600' },
  default: { icon: Info, accent: 'border-t-brand-500' },
};

export function sanitizeNoticeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}

function NoticeCard({
  notice,
  leaving,
  onDismiss,
}: {
  notice: Notice;
  leaving: boolean;
  onDismiss: () => void;
}) {
  const variant = variants[notice.style_variant ?? 'default'] ?? variants.default!;
  const Icon = variant.icon;
  const html = useMemo(() => sanitizeNoticeHtml(notice.content), [notice.content]);
  const titleId = `notice-${notice.id}-title`;
  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      className={cn(
        'pointer-events-auto w-full max-w-md rounded-xl border border-t-4 border-slate-200 bg-white p-5 shadow-xl transition-all duration-150',
        variant.accent,
        leaving ? 'scale-95 opacity-0' : 'scale-100 opacity-100',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <h2 id={titleId} className="flex-1 text-base font-semibold text-slate-900">
          {notice.title}
        </h2>
        <button
          type="button"
          aria-label="Close"
          onClick={onDismiss}
          className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div
        className="notice-content mt-3 space-y-2 text-sm text-slate-700 [&_a]:text-brand-700 [&_a]:underline"
        // Sanitized above with DOMPurify: the only HTML the app renders from data.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <div className="mt-4 flex justify-end">
        <Button size="sm" onClick={onDismiss}>
          Got it
        </Button>
      </div>
    </section>
  );
}

export function InAppNotices() {
  const { pathname } = useLocation();
  const page = noticePageFor(pathname);
  const queryClient = useQueryClient();
  const notices = useQuery({ ...noticesQueryOptions(page), staleTime: 60_000 });
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const [shownCount, setShownCount] = useState(0);

  const pending = (notices.data ?? []).filter((notice) => !dismissed.has(notice.id));
  const pendingKey = pending.map((n) => n.id).join(',');

  // spec §9: one more notice every 500 ms.
  useEffect(() => {
    setShownCount(0);
    if (!pendingKey) return;
    const count = pendingKey.split(',').length;
    let shown = 0;
    const timer = window.setInterval(() => {
      shown += 1;
      setShownCount(shown);
      if (shown >= count) window.clearInterval(timer);
    }, NOTICE_TIMING.staggerMs);
    return () => window.clearInterval(timer);
  }, [pendingKey]);

  const dismiss = (notice: Notice) => {
    setLeaving((current) => new Set(current).add(notice.id));
    window.setTimeout(() => {
      setDismissed((current) => new Set(current).add(notice.id));
      void dismissNotice(notice.id)
        .then(() => queryClient.invalidateQueries({ queryKey: ['notices'] }))
        .catch((error: unknown) => console.error('storing the dismissal failed', error));
    }, NOTICE_TIMING.dismissMs);
  };

  const visible = pending.slice(0, shownCount);
  if (visible.length === 0) return null;
  return createPortal(
    <div className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 overflow-y-auto bg-slate-950/30 p-4">
      {visible.map((notice) => (
        <NoticeCard
          key={notice.id}
          notice={notice}
          leaving={leaving.has(notice.id)}
          onDismiss={() => dismiss(notice)}
        />
      ))}
    </div>,
    document.body,
  );
}
