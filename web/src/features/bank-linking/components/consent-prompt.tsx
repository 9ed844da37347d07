// Asks the person to let their bank share what it has not (Plaid's ADDITIONAL_CONSENT_REQUIRED): a
// card's or loan's statements (due dates, minimum payments) or an investment account's holdings.
// "Allow access" opens Link in update mode asking for that product; the bank is synced after.
import { ShieldCheck } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { ConsentProduct } from '../api/link-token.ts';
import { useConnectBank } from '../hooks/use-connect-bank.ts';

const wording: Record<ConsentProduct, { title: string; body: string }> = {
  liabilities: {
    title: 'Card and loan due dates are missing',
    body: 'shares balances and transactions but not statements, so we can’t show due dates or minimum payments, and your plan guesses them from past payments. Allow it to share them.',
  },
  investments: {
    title: 'Holdings are missing',
    body: 'shares this account’s value but not what it holds. Allow it to share your holdings.',
  },
};

export function ConsentPrompt({
  itemId,
  institutionName,
  consent,
}: {
  itemId: string;
  institutionName: string | null;
  consent: ConsentProduct;
}) {
  const { connect, isProcessing } = useConnectBank({ origin: 'accounts' });
  const { title, body } = wording[consent];
  return (
    <Alert tone="warning" title={title}>
      <p>
        {institutionName ?? 'Your bank'} {body}
      </p>
      <Button
        className="mt-3"
        variant="secondary"
        onClick={() => void connect('update', itemId, consent)}
        isPending={isProcessing}
        disabled={isProcessing}
      >
        <ShieldCheck aria-hidden="true" className="size-4" />
        Allow access
        <span className="sr-only"> at {institutionName ?? 'your bank'}</span>
      </Button>
    </Alert>
  );
}
