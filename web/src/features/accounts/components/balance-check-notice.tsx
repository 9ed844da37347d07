// spec §5 balance validation on /accounts/{accountId}: a quiet note, not an alarm, when the transactions
// we hold for the account do not add up to the balance its bank reports (more than one dollar apart,
// checked on the server after each sync), with a Refresh that syncs the account again.
import { formatDistanceStrict, parseISO } from 'date-fns';
import { RefreshCw } from 'lucide-react';
import { formatUsd } from '@domain/classification.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { Account } from '../../../lib/accounts-api.ts';

function checkedLabel(iso: string, now: Date): string {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (now.getTime() - date.getTime() < 60_000) return 'Checked just now.';
  return `Checked ${formatDistanceStrict(date, now, { addSuffix: true })}.`;
}

export function BalanceCheckNotice({
  account,
  onRefresh,
  isRefreshing,
  now = new Date(),
}: {
  account: Pick<Account, 'balance_check' | 'institution_name'>;
  onRefresh: () => void;
  isRefreshing: boolean;
  now?: Date;
}) {
  const check = account.balance_check;
  if (!check || check.valid) return null;
  const bank = account.institution_name ?? 'your bank';
  const comparison = check.difference > 0 ? 'higher' : 'lower';
  return (
    <Alert tone="info" title="These transactions don’t add up to the balance">
      <p>
        The balance {bank} reports is {formatUsd(Math.abs(check.difference))} {comparison} than the
        transactions we have for this account add up to. A transaction may still be on its way, or the bank
        changed one. {checkedLabel(check.checked_at, now)}
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRefresh} isPending={isRefreshing}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Refresh transactions
      </Button>
    </Alert>
  );
}
