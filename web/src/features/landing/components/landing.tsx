// spec §1 landing page for signed-out visitors: 'Manage Money Better', a typed rotation of taglines,
// 'Log in' and 'Sign up for free'. Its links are plain anchors whose ordinary clicks go to `onNavigate`
// (the router's navigate). A visitor who opens '/' signed out never runs this component: the build
// prerenders it into index.html (prerender.tsx) and static-landing.ts drives that markup without React
// (docs/web.md, "Landing bundle"), through the data- attributes marked here.
import { CalendarDays, LineChart, Lock, MessageCircle, Sparkles, Users } from 'lucide-react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { Logo } from '../../../components/ui/logo.tsx';
import { APP_NAME, APP_TAGLINE } from '../../../config/brand.ts';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useTypedRotation } from '../hooks/use-typed-rotation.ts';
import { isPlainClick } from '../plain-click.ts';
import { taglines } from '../taglines.ts';

const features = [
  {
    icon: CalendarDays,
    title: 'Money Calendar',
    body: 'Every payday, bill and purchase on one calendar, past and planned.',
  },
  {
    icon: Sparkles,
    title: 'Money Plan',
    body: 'A budget that writes itself from your recurring income and bills.',
  },
  { icon: LineChart, title: '2-year forecast', body: 'Running balances for every account, two years ahead.' },
  {
    icon: MessageCircle,
    title: 'AI Money Coach',
    body: 'Ask anything about your money and get answers from your numbers.',
  },
  {
    icon: Users,
    title: 'Shared profiles',
    body: 'Invite a partner as a viewer or an editor of a shared profile.',
  },
  {
    icon: Lock,
    title: 'Bank-level security',
    body: '256-bit encryption, read-only access, and we never store passwords.',
  },
] as const;

const buttonBase =
  'inline-flex h-11 items-center justify-center rounded-md px-5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** An in-app link: a real href (new tab, copy link, no script), with plain left clicks handed over. */
function AppLink({
  to,
  onNavigate,
  ...rest
}: { to: string; onNavigate: (href: string) => void } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onNavigate(to);
  };
  return <a href={to} onClick={onClick} data-app-link="" {...rest} />;
}

export function Landing({ search, onNavigate }: { search: string; onNavigate: (href: string) => void }) {
  const typed = useTypedRotation(taglines);
  const signup = `${paths.auth.signup.getHref()}${search}`;
  const login = `${paths.auth.login.getHref()}${search}`;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-2">
          <AppLink
            onNavigate={onNavigate}
            to={login}
            data-keep-search=""
            className={cn(buttonBase, 'text-slate-800 hover:bg-slate-100')}
          >
            Log in
          </AppLink>
          <AppLink
            onNavigate={onNavigate}
            to={signup}
            data-keep-search=""
            className={cn(
              buttonBase,
              'hidden bg-brand-600 text-on-brand hover:bg-brand-strong sm:inline-flex',
            )}
          >
            Sign up for free
          </AppLink>
        </nav>
      </header>

      <main className="flex-1">
        <section className="mx-auto max-w-4xl px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{APP_NAME}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{APP_TAGLINE}</h1>
          <p className="mt-5 min-h-16 text-lg text-slate-600 sm:min-h-8 sm:text-xl" aria-hidden="true">
            <span data-typed="">{typed}</span>
            <span className="ml-0.5 inline-block h-[1.1em] w-0.5 translate-y-0.5 animate-pulse bg-brand-600" />
          </p>
          <ul className="sr-only">
            {taglines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <AppLink
              onNavigate={onNavigate}
              to={signup}
              data-keep-search=""
              className={cn(
                buttonBase,
                'h-12 w-full bg-brand-600 px-8 text-base text-on-brand hover:bg-brand-strong sm:w-auto',
              )}
            >
              Sign up for free
            </AppLink>
            <AppLink
              onNavigate={onNavigate}
              to={login}
              data-keep-search=""
              className={cn(
                buttonBase,
                'h-12 w-full border border-slate-300 bg-white px-8 text-base text-slate-800 hover:bg-slate-50 sm:w-auto',
              )}
            >
              Log in
            </AppLink>
          </div>
          <p className="mt-4 text-sm text-slate-600">Get set up in 60 seconds. 7-day free trial.</p>
        </section>

        <section aria-labelledby="features-heading" className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2
              id="features-heading"
              className="text-center text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl"
            >
              Everything your money needs, on one screen
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {features.map(({ icon: Icon, title, body }) => (
                <li key={title} className="rounded-xl border border-slate-200 p-6">
                  <Icon aria-hidden="true" className="size-6 text-brand-600" />
                  <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6">
          <p>
            © <span data-year="">{new Date().getFullYear()}</span> {APP_NAME}
          </p>
          <nav aria-label="Legal" className="flex gap-6">
            <AppLink
              onNavigate={onNavigate}
              to={paths.terms.getHref()}
              className="hover:text-slate-900 hover:underline"
            >
              Terms of use
            </AppLink>
            <AppLink
              onNavigate={onNavigate}
              to={paths.privacy.getHref()}
              className="hover:text-slate-900 hover:underline"
            >
              Privacy policy
            </AppLink>
          </nav>
        </div>
      </footer>
    </div>
  );
}
