// The connect card of spec §2: on desktop 'Connect Your Accounts' (or 'Reconnect Your Account') with
// four tiles and the 2-3 minutes note; on phones 'Connect Your Bank Account' (or 'Reconnect Your Bank
// Account') with '11,000+ Banks Supported' and 'Real-time Updates'; after success the panel
// 'Success! Finishing setup...'. The button runs the connect flow (hooks/use-connect-bank.ts).
import {
  Building2,
  CheckCircle2,
  CreditCard,
  GraduationCap,
  Landmark,
  Link2,
  RefreshCw,
  TrendingUp,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { setupWording } from '@domain/account-connection-messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useConnectBank, type ConnectOutcome } from '../hooks/use-connect-bank.ts';
import type { HostedLinkOrigin } from '../utils/hosted-link.ts';

const tiles = [
  { title: 'Banks', detail: 'Checking & Savings', icon: Landmark },
  { title: 'Credit Cards', detail: null, icon: CreditCard },
  { title: 'Loans', detail: 'Mortgages & Student', icon: GraduationCap },
  { title: 'Investments', detail: '401k & Brokerage', icon: TrendingUp },
] as const;

const SYNC_NOTE =
  'Large banks may take 2-3 minutes to sync your history, but your account is usable immediately.';

export interface ConnectCardProps {
  origin: HostedLinkOrigin;
  /** 'update' reconnects the bank `itemId` (spec §4 update mode). */
  mode?: 'new' | 'update';
  itemId?: string | null;
  institutionName?: string | null;
  /** Called once the flow succeeded (the card then shows its success panel). */
  onConnected?: (outcome: ConnectOutcome) => void;
  /** spec §5: disabled while setup is not ready; the reason is shown under the button. */
  disabled?: boolean;
  disabledReason?: ReactNode;
  className?: string;
}

export function ConnectCard({
  origin,
  mode = 'new',
  itemId = null,
  institutionName = null,
  onConnected,
  disabled = false,
  disabledReason,
  className,
}: ConnectCardProps) {
  const { state, connect, isProcessing } = useConnectBank({ origin, onConnected });
  const reconnect = mode === 'update';
  const headingId = `connect-card-${reconnect ? 'reconnect' : 'new'}-heading`;

  if (state.phase === 'success') {
    return (
      <section
        aria-labelledby={headingId}
        className={cn('rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center', className)}
      >
        <div role="status" className="flex flex-col items-center gap-3">
          <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-600" />
          <h2 id={headingId} className="text-lg font-semibold text-emerald-900">
            {setupWording.success}
          </h2>
        </div>
      </section>
    );
  }

  const button = (
    <Button
      className="w-full sm:w-auto"
      onClick={() => void connect(mode, itemId)}
      disabled={disabled || isProcessing}
      isPending={isProcessing}
      aria-describedby={disabled && disabledReason ? `${headingId}-reason` : undefined}
    >
      {reconnect ? (
        <RefreshCw aria-hidden="true" className="size-4" />
      ) : (
        <Link2 aria-hidden="true" className="size-4" />
      )}
      {reconnect ? 'Reconnect account' : 'Connect accounts'}
      {reconnect && institutionName ? <span className="sr-only"> at {institutionName}</span> : null}
    </Button>
  );
  const reason =
    disabled && disabledReason ? (
      <p id={`${headingId}-reason`} className="text-sm text-slate-600">
        {disabledReason}
      </p>
    ) : null;

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}
    >
      {/* Desktop (spec §2): the title, four tiles and the sync note. */}
      <div className="hidden space-y-5 md:block">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {reconnect ? setupWording.reconnectTitle : setupWording.connectTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {reconnect
              ? `Sign in to ${institutionName ?? 'your bank'} again to resume automatic updates. Your history stays as it is.`
              : 'Link your bank, credit card, loan and investment accounts securely through Plaid.'}
          </p>
        </div>
        {reconnect ? null : (
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {tiles.map(({ title, detail, icon: Icon }) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                <Icon aria-hidden="true" className="size-6 text-brand-600" />
                <p className="mt-2 text-sm font-semibold text-slate-900">{title}</p>
                {detail ? <p className="text-xs text-slate-600">{detail}</p> : null}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-3">
          <div>{button}</div>
          {reason}
          <p className="text-xs text-slate-500">{SYNC_NOTE}</p>
        </div>
      </div>

      {/* Mobile (spec §2): the shorter variant. */}
      <div className="space-y-4 md:hidden">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50">
            <Building2 aria-hidden="true" className="size-5 text-brand-600" />
          </span>
          <h2 className="text-lg font-semibold text-slate-900">
            {reconnect ? setupWording.mobileReconnectTitle : setupWording.mobileConnectTitle}
          </h2>
        </div>
        <ul className="space-y-2 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <Landmark aria-hidden="true" className="size-4 text-brand-600" />
            {setupWording.banksSupported}
          </li>
          <li className="flex items-center gap-2">
            <Zap aria-hidden="true" className="size-4 text-brand-600" />
            {setupWording.realtimeUpdates}
          </li>
        </ul>
        {button}
        {reason}
      </div>
    </section>
  );
}

/** A compact reconnect action (update mode) for lists: the bank named for screen readers. */
export function ReconnectButton({
  itemId,
  institutionName,
  origin,
  size = 'sm',
}: {
  itemId: string;
  institutionName: string | null;
  origin: HostedLinkOrigin;
  size?: 'sm' | 'md';
}) {
  const { connect, isProcessing } = useConnectBank({ origin });
  return (
    <Button
      size={size}
      onClick={() => void connect('update', itemId)}
      disabled={isProcessing}
      isPending={isProcessing}
    >
      <RefreshCw aria-hidden="true" className="size-4" />
      Reconnect
      {institutionName ? <span className="sr-only"> {institutionName}</span> : null}
    </Button>
  );
}
