// /help, Help & Support (spec §2): searchable answers grouped by topic, each one a
// disclosure with a stable #anchor, and a contact form that sends a support request — with the
// person's consent, diagnostics (the build, the screen they came from, the last failed call's
// correlation id), shown to them before they send.
import { useMutation } from '@tanstack/react-query';
import { LifeBuoy, Search } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { SUPPORT_TOPICS, TOPIC_LABELS, type SupportTopic } from '@domain/support-topics.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { lastFailedCall } from '../../../lib/last-error.ts';
import { HELP_ANSWERS } from '../content/answers.ts';
import { searchAnswers } from '../utils/search.ts';

function diagnostics(from: string | null) {
  const failed = lastFailedCall();
  return {
    build_version: String(import.meta.env.VITE_APP_VERSION ?? 'dev').slice(0, 200),
    route: (from ?? '/help').slice(0, 200),
    ...(failed ? { correlation_id: failed.correlationId } : {}),
    user_agent: navigator.userAgent.slice(0, 200),
  };
}

function ContactForm() {
  const [topic, setTopic] = useState<SupportTopic>('other');
  const [message, setMessage] = useState('');
  const [share, setShare] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const from =
    typeof document !== 'undefined' && document.referrer ? new URL(document.referrer).pathname : null;
  const details = diagnostics(from);
  const send = useMutation({
    mutationFn: () =>
      api.post<{ reference: string }>('/support-requests', {
        topic,
        message,
        diagnostics: share ? details : null,
      }),
    onSuccess: ({ reference }) => {
      setMessage('');
      toast.success(`Thanks — we got your message (reference ${reference}) and will reply by e-mail.`);
    },
    onError: (e) =>
      toast.error(
        e instanceof ApiError && e.status === 429
          ? 'Too many requests. Please wait a moment and try again.'
          : errorMessageOr(e, 'Your message could not be sent. Please try again.'),
      ),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (message.trim().length < 10) {
      setError('Please tell us a little more (at least 10 characters).');
      return;
    }
    setError(null);
    send.mutate();
  };
  return (
    <Card className="p-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <LifeBuoy aria-hidden="true" className="size-5" /> Still need help?
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Send us a message; we answer by e-mail, usually within a day.
      </p>
      <form onSubmit={onSubmit} className="mt-3 space-y-3" noValidate>
        <SelectField
          label="Topic"
          value={topic}
          onChange={(e) => setTopic(e.target.value as SupportTopic)}
          options={SUPPORT_TOPICS.map((t) => ({ value: t, label: TOPIC_LABELS[t] }))}
        />
        <Field label="Your message" error={error ?? undefined}>
          {(control) => (
            <textarea
              {...control}
              value={message}
              maxLength={2000}
              rows={5}
              onChange={(e) => setMessage(e.target.value)}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
          )}
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={share}
            onChange={(e) => setShare(e.target.checked)}
            className="mt-1 size-4 accent-brand-600"
          />
          <span>
            Include diagnostics to help us find the problem: app version {details.build_version}, the screen{' '}
            {details.route}
            {details.correlation_id
              ? `, the reference of your last error (${details.correlation_id})`
              : ''}{' '}
            and your browser. Never your balances, transactions or passwords.
          </span>
        </label>
        <Button type="submit" isPending={send.isPending}>
          Send message
        </Button>
      </form>
    </Card>
  );
}

export function Help() {
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState<SupportTopic | 'all'>('all');
  const found = useMemo(
    () => searchAnswers(HELP_ANSWERS, query).filter((a) => topic === 'all' || a.topic === topic),
    [query, topic],
  );
  const opened = typeof window !== 'undefined' ? window.location.hash.slice(1) : '';
  const topics = SUPPORT_TOPICS.filter((t) => HELP_ANSWERS.some((a) => a.topic === t));
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Help &amp; Support</h1>
        <p className="text-sm text-slate-600">Answers to what people ask most, and a way to reach us.</p>
      </div>
      <div className="relative">
        <label htmlFor="help-search" className="sr-only">
          Search help
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-500"
        />
        <input
          id="help-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search help, e.g. reconnect, forecast, cancel"
          className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter answers by topic">
        {(['all', ...topics] as const).map((t) => (
          <Button
            key={t}
            size="sm"
            variant={topic === t ? 'primary' : 'secondary'}
            aria-pressed={topic === t}
            onClick={() => setTopic(t)}
          >
            {t === 'all' ? 'All topics' : TOPIC_LABELS[t]}
          </Button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {found.length} {found.length === 1 ? 'answer' : 'answers'}
      </p>
      {found.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No answer matches “{query}”. Try other words, or send us a message below.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {found.map((a) => (
            <li key={a.id} id={a.id}>
              <details open={a.id === opened} className="group p-3">
                <summary className="cursor-pointer font-medium text-slate-900">{a.question}</summary>
                <div className="mt-2 space-y-2 text-sm text-slate-700">
                  {a.answer.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                  <p className="text-xs text-slate-500">{TOPIC_LABELS[a.topic]}</p>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <ContactForm />
    </div>
  );
}
