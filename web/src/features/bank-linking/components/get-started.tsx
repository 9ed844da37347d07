// /get-started (spec §2): 'Let's get you set up in 60 seconds', the connect card (disabled until the
// initial setup is ready, spec §4/§5), three benefit cards, trust badges and the way out to the Money
// Calendar. After 5 s of waiting it says it is still preparing; after a connection it shows the success
// panel and moves on after 1 s (spec §4, docs/web.md for where to).
import { BarChart3, Clock, Lock, ShieldCheck, EyeOff, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { setupWording } from '@domain/account-connection-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { SETUP } from '../../../lib/constants.ts';
import { useSetupReadiness } from '../hooks/use-setup-readiness.ts';
import { postConnectPath } from '../utils/post-connect.ts';
import { ConnectCard } from './connect-card.tsx';

const benefits = [
  {
    title: setupWording.benefits[0],
    text: 'Every account in one place, with where your money goes each month.',
    icon: BarChart3,
  },
  {
    title: setupWording.benefits[1],
    text: 'Transactions arrive and sort themselves. No spreadsheets, no typing.',
    icon: Clock,
  },
  {
    title: setupWording.benefits[2],
    text: 'Encrypted, read-only connections through Plaid, trusted by thousands of banks.',
    icon: ShieldCheck,
  },
] as const;

const badgeIcons = [Lock, EyeOff, KeyRound] as const;

export function GetStarted() {
  const navigate = useNavigate();
  const readiness = useSetupReadiness();
  const [connected, setConnected] = useState(false);

  // spec §4: after success on get-started, move on after 1 s.
  useEffect(() => {
    if (!connected) return;
    const id = setTimeout(() => navigate(postConnectPath()), SETUP.successDelayMs);
    return () => clearTimeout(id);
  }, [connected, navigate]);

  const notReady = !readiness.isReady;
  const disabledReason = notReady
    ? 'Preparing your account...'
    : readiness.canConnect
      ? null
      : 'Only the owner of the active profile can connect accounts. Switch to a profile you own to connect yours.';

  return (
    <div className="space-y-8">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {setupWording.headline}
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-base text-slate-600">
          Connect your accounts once and see your balances, transactions and plan together.
        </p>
      </div>

      {readiness.state === 'error' ? (
        <Alert title={readiness.message ?? undefined}>
          <p>Please try again. If it keeps happening, reload the page.</p>
          <Button size="sm" variant="secondary" className="mt-3" onClick={readiness.retry}>
            Try again
          </Button>
        </Alert>
      ) : readiness.stillPreparing ? (
        <div
          role="status"
          className="flex items-center justify-center gap-2 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
        >
          <Spinner className="size-4" />
          {setupWording.stillPreparing}
        </div>
      ) : null}

      <ConnectCard
        origin="get-started"
        onConnected={() => setConnected(true)}
        disabled={notReady || !readiness.canConnect}
        disabledReason={disabledReason}
      />

      <ul aria-label="Why connect" className="grid gap-4 sm:grid-cols-3">
        {benefits.map(({ title, text, icon: Icon }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <Icon aria-hidden="true" className="size-6 text-brand-600" />
            <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>

      <ul aria-label="Security" className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
        {setupWording.trustBadges.map((badge, index) => {
          const Icon = badgeIcons[index] ?? Lock;
          return (
            <li key={badge} className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
              <Icon aria-hidden="true" className="size-4 text-emerald-700" />
              {badge}
            </li>
          );
        })}
      </ul>

      <p className="text-center">
        <Link
          to={paths.app.calendar.getHref()}
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {setupWording.later}
        </Link>
      </p>
    </div>
  );
}
