// spec §2 subscription gate (blocking screen) and §4 gate rule: the money screens show only with a
// trial, a subscription, grace, fallback mode or (ours) the profile owner's cover; otherwise the gate.
// During a grace period the content stays open under a banner with the hours and minutes left.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { gateAllows, PLUS_FEATURES, timeLeft } from '@domain/subscription.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useLogout } from '../../../lib/auth.tsx';
import { isStale, serverNow } from '../utils/subscription-status.ts';
import { useSubscription } from './subscription-provider.tsx';

/** spec §2: the gate's exact words. */
export const GATE_TEXT = {
  title: 'Ready to Take Control of Your Money?',
  trialButton: 'Start Your 7-Day Free Trial',
  signOut: 'Sign out',
  refresh: 'Refresh status',
  footer: 'No commitment • Cancel anytime • Full access during trial',
} as const;

/** The server's billing time, ticking every 30 s so the countdown moves. */
function useServerClock(): Date {
  const { status } = useSubscription();
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return serverNow(status, deviceNow);
}

export function graceText(expiresAt: string, now: Date): string {
  const { hours, minutes } = timeLeft(expiresAt, now);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} and ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
}

function GraceBanner({ expiresAt, now }: { expiresAt: string; now: Date }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <strong className="font-semibold">Your last payment failed.</strong>{' '}
      <span data-testid="grace-time-left">{graceText(expiresAt, now)}</span> to update your card before access
      stops.{' '}
      <Link to={paths.plans.getHref()} className="font-medium underline underline-offset-4">
        Manage billing
      </Link>
    </div>
  );
}

export function GateScreen() {
  const { refresh, isRefreshing, status } = useSubscription();
  const { logout, isPending } = useLogout();
  const now = useServerClock();
  return (
    <section aria-labelledby="gate-title" className="mx-auto max-w-xl py-10 text-center">
      <h1 id="gate-title" className="text-2xl font-bold text-slate-900">
        {GATE_TEXT.title}
      </h1>
      {status?.in_grace_period && status.grace_expires_at ? (
        <p className="mt-3 text-sm text-amber-800">{graceText(status.grace_expires_at, now)}</p>
      ) : null}
      <ul className="mx-auto mt-6 max-w-md space-y-2 text-left text-slate-700">
        {PLUS_FEATURES.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-3">
        <Button asChild className="w-full max-w-sm">
          <Link to={paths.plans.getHref()}>{GATE_TEXT.trialButton}</Link>
        </Button>
        <div className="flex gap-3">
          <Button variant="secondary" onClick={() => void logout()} isPending={isPending}>
            {GATE_TEXT.signOut}
          </Button>
          <Button variant="secondary" onClick={() => void refresh({ force: true })} isPending={isRefreshing}>
            {GATE_TEXT.refresh}
          </Button>
        </div>
      </div>
      <p className="mt-6 text-sm text-slate-600">{GATE_TEXT.footer}</p>
    </section>
  );
}

export function SubscriptionGate({ children }: { children: ReactNode }) {
  const { status, refresh } = useSubscription();
  const now = useServerClock();
  // spec §4 "when stale on mount": each money screen asks again if the status is missing, old or the
  // product of a failed check (e.g. one made before the second factor was given); throttled to 5 s.
  const stale = isStale(status, Date.now());
  useEffect(() => {
    if (stale) void refresh();
  }, [stale, refresh]);
  const open = gateAllows(status, now);
  if (!open) return <GateScreen />;
  return (
    <>
      {status?.in_grace_period && status.grace_expires_at ? (
        <GraceBanner expiresAt={status.grace_expires_at} now={now} />
      ) : null}
      {children}
    </>
  );
}
