// /plans (spec §2: the gate's trial button goes here; content ours, docs/subscriptions.md): the tier and
// what it includes, monthly or annual, and for a signed-in person what is true of them now, read afresh
// on arrival: a trial running (until when), a trial used up, a failed payment's grace (the time left),
// a subscription (its renewal) or a cancellation (when it ends), with 'Manage billing' (Stripe's Billing
// Portal) wherever there is a Stripe subscription. 'Start Your 7-Day Free Trial' and "Start with 7
// days free" only while the person's one trial is unused (else 'Subscribe').
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { PLANS, PLUS_FEATURES, type PlanLookupKey } from '@domain/subscription.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { createCheckoutSession, createPortalSession } from '../api/subscription.ts';
import { serverNow, type SubscriptionStatus } from '../utils/subscription-status.ts';
import { graceText } from './subscription-gate.tsx';
import { useSubscription } from './subscription-provider.tsx';

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A Stripe subscription exists and runs (a card-free trial has none to manage). */
const hasBilling = (status: SubscriptionStatus | null) =>
  status !== null &&
  (status.subscribed ||
    status.in_grace_period ||
    status.cancel_at_period_end ||
    (status.is_trialing && status.next_billing_date !== null));

const dateOf = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso)) : null;

/** What /plans says of the person's plan now, by state; null when there is nothing to say. */
export function currentPlanText(
  status: SubscriptionStatus,
  now: Date,
): { title: string; line: string } | null {
  const renews = dateOf(status.next_billing_date);
  const trialEnds = dateOf(status.trial_end);
  if (status.status === 'grace' && status.grace_expires_at)
    return {
      title: 'Current plan: Tallywise Plus',
      line: `Your last payment failed: ${graceText(status.grace_expires_at, now)} to update your card before access stops.`,
    };
  if (status.status === 'trial')
    return {
      title: 'Current plan: free trial',
      line: hasBilling(status)
        ? `Free trial until ${trialEnds ?? 'its end'}; then your plan starts${renews ? ` and renews on ${renews}` : ''}.`
        : `Free trial until ${trialEnds ?? 'its end'}. Choose a plan to keep everything after it; you pay nothing before the trial ends.`,
    };
  if (status.status === 'subscribed' && status.cancel_at_period_end)
    return {
      title: 'Current plan: Tallywise Plus',
      line: 'Your plan is canceled and ends at the end of this billing period.',
    };
  if (status.status === 'subscribed')
    return { title: 'Current plan: Tallywise Plus', line: renews ? `Renews on ${renews}.` : 'Active.' };
  if (status.covered_by_owner)
    return {
      title: "Covered by the profile owner's plan",
      line: 'Everything on the shared profile is open to you. A plan of your own covers your own profiles too.',
    };
  if (!status.trial_available)
    return {
      title: 'No plan right now',
      line: 'Your free trial has been used. Choose a plan to get your forecast, calendar and coach back.',
    };
  return null;
}

function CurrentPlan({ status }: { status: SubscriptionStatus }) {
  const [pending, setPending] = useState(false);
  const text = currentPlanText(status, serverNow(status));
  if (!text) return null;
  const manage = async () => {
    setPending(true);
    try {
      window.location.assign((await createPortalSession()).url);
    } catch {
      setPending(false);
      toast.error('Billing is not available right now. Please try again in a moment.');
    }
  };
  return (
    <section
      aria-labelledby="current-plan"
      data-testid="current-plan"
      className={cn(
        'mb-8 rounded-xl border bg-white p-5',
        status.status === 'grace' ? 'border-amber-300 bg-amber-50' : 'border-brand-600/30',
      )}
    >
      <h2 id="current-plan" className="text-lg font-semibold text-slate-900">
        {text.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text.line}</p>
      {hasBilling(status) ? (
        <Button className="mt-4" variant="secondary" onClick={() => void manage()} isPending={pending}>
          Manage billing
        </Button>
      ) : null}
    </section>
  );
}

function PlanCard({ plan }: { plan: (typeof PLANS)[number] }) {
  const { state } = useAuth();
  const { status } = useSubscription();
  const [pending, setPending] = useState(false);
  const signedIn = state.status === 'signedIn';
  const running = hasBilling(status ?? null);
  const label = status?.trial_available === true ? 'Start Your 7-Day Free Trial' : 'Subscribe';
  const choose = async (price: PlanLookupKey) => {
    setPending(true);
    try {
      window.location.assign((await createCheckoutSession(price)).url);
    } catch (error) {
      setPending(false);
      toast.error((error as Error).message || 'Checkout is not available right now.');
    }
  };
  const perMonth = plan.interval === 'year' ? plan.amount_cents / 12 : plan.amount_cents;
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{plan.label}</h3>
      <p className="mt-2">
        <span className="text-3xl font-bold text-slate-900">{dollars(plan.amount_cents)}</span>
        <span className="text-slate-600"> / {plan.interval}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {plan.interval === 'year' ? `${dollars(perMonth)} a month, billed yearly` : 'Billed monthly'}
      </p>
      <div className="mt-6">
        {!signedIn ? (
          <Button asChild className="w-full">
            <Link to={paths.auth.signup.getHref()}>Start Your 7-Day Free Trial</Link>
          </Button>
        ) : running ? null : (
          <Button
            className="w-full"
            onClick={() => void choose(plan.lookup_key)}
            isPending={pending}
            aria-label={`${label}: ${plan.label.toLowerCase()} plan`}
          >
            {label}
          </Button>
        )}
      </div>
    </article>
  );
}

export function Plans({ framed = false }: { framed?: boolean }) {
  useDocumentTitle('Plans');
  const { state } = useAuth();
  const { status, refresh } = useSubscription();
  const signedIn = state.status === 'signedIn';
  // Read afresh on arrival (forced: rebuilt from Stripe), never from what was stored: a card fixed in
  // the portal a moment ago, or a trial that ended, shows as it is.
  useEffect(() => {
    if (signedIn) void refresh({ force: true });
  }, [signedIn, refresh]);
  const offersTrial = !signedIn || status?.trial_available === true;
  // Inside the app's frame the page is the frame's main region; alone it is its own.
  const Page = framed ? 'div' : 'main';
  return (
    <Page className={framed ? 'mx-auto max-w-4xl' : 'mx-auto max-w-4xl px-4 py-10 sm:px-6'}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Tallywise Plus</h1>
      <p className="mt-2 text-slate-700">
        Everything Tallywise does, for you and everyone you share a profile with.
        {offersTrial ? ' Start with 7 days free.' : null}
      </p>
      <div className="mt-8">{signedIn && status ? <CurrentPlan status={status} /> : null}</div>
      <ul className="mb-8 grid gap-2 text-slate-700 sm:grid-cols-2">
        {PLUS_FEATURES.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="grid gap-6 sm:grid-cols-2">
        {PLANS.map((plan) => (
          <PlanCard key={plan.lookup_key} plan={plan} />
        ))}
      </div>
      {hasBilling(status) ? null : (
        <p className="mt-6 text-sm text-slate-600">
          No commitment • Cancel anytime • Full access during trial
        </p>
      )}
      {framed ? null : (
        <p className="mt-4 text-sm">
          <Link
            to={signedIn ? paths.app.accounts.getHref() : paths.home.getHref()}
            className="text-brand-700 underline underline-offset-4"
          >
            Back to {signedIn ? 'your accounts' : 'Tallywise'}
          </Link>
        </p>
      )}
    </Page>
  );
}
