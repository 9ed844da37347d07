// /plans (spec §2: the gate's trial button goes here; content ours, docs/subscriptions.md): the tier and
// what it includes, monthly or annual, 'Start Your 7-Day Free Trial' while the trial is unused (else
// 'Subscribe'), and for a subscriber the current plan with 'Manage billing' (Stripe's Billing Portal).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { PLANS, PLUS_FEATURES, type PlanLookupKey } from '@domain/subscription.ts';
import { Button } from '../../../components/ui/button.tsx';
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

function CurrentPlan() {
  const { status } = useSubscription();
  const [pending, setPending] = useState(false);
  if (!status || status.status === 'free') return null;
  const manage = async () => {
    setPending(true);
    try {
      window.location.assign((await createPortalSession()).url);
    } catch {
      setPending(false);
      toast.error('Billing is not available right now. Please try again in a moment.');
    }
  };
  const renews = dateOf(status.next_billing_date);
  const trialEnds = dateOf(status.trial_end);
  return (
    <section
      aria-labelledby="current-plan"
      className="mb-8 rounded-xl border border-brand-600/30 bg-white p-5"
    >
      <h2 id="current-plan" className="text-lg font-semibold text-slate-900">
        Current plan: Tallywise Plus
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {status.in_grace_period && status.grace_expires_at
          ? `Your last payment failed: ${graceText(status.grace_expires_at, serverNow(status))} to update your card before access stops.`
          : status.is_trialing
            ? `Free trial until ${trialEnds ?? 'its end'}.`
            : status.cancel_at_period_end
              ? 'Your plan is canceled and ends at the end of this billing period.'
              : renews
                ? `Renews on ${renews}.`
                : 'Active.'}
      </p>
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
  const label = status?.trial_available === false ? 'Subscribe' : 'Start Your 7-Day Free Trial';
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

export function Plans() {
  useDocumentTitle('Plans');
  const { state } = useAuth();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Tallywise Plus</h1>
      <p className="mt-2 text-slate-700">
        Everything Tallywise does, for you and everyone you share a profile with. Start with 7 days free.
      </p>
      <div className="mt-8">{state.status === 'signedIn' ? <CurrentPlan /> : null}</div>
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
      <p className="mt-6 text-sm text-slate-600">No commitment • Cancel anytime • Full access during trial</p>
      <p className="mt-4 text-sm">
        <Link
          to={state.status === 'signedIn' ? paths.app.accounts.getHref() : paths.home.getHref()}
          className="text-brand-700 underline underline-offset-4"
        >
          Back to {state.status === 'signedIn' ? 'your accounts' : 'Tallywise'}
        </Link>
      </p>
    </main>
  );
}
