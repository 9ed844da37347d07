// /settings → Session → "Sign out everywhere" (spec §7 sign out, scope global): after a
// confirmation, the server ends every sign-in of the account — other browsers and phones are refused on
// their next call, their tokens cannot be renewed — and this browser signs out too, to sign in again.
// functions/lib/sessions.ts; docs/settings.md.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { api } from '../../../lib/api-client.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { expectSessionEnd } from '../../../lib/session-ended.ts';

export const SIGNED_OUT_EVERYWHERE = 'Signed out on every device. Sign in again to continue.';

export function SignOutEverywhere({ onSignedOut }: { onSignedOut: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const end = useMutation({
    mutationFn: () => api.post<unknown>('/profiles/me/sign-out-everywhere', {}),
    retry: false,
  });
  const confirm = async () => {
    try {
      expectSessionEnd();
      await end.mutateAsync();
    } catch (error) {
      toast.error(errorMessageOr(error, 'Could not sign out everywhere. Please try again.'));
      return;
    }
    setOpen(false);
    await onSignedOut();
    toast.success(SIGNED_OUT_EVERYWHERE);
  };
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        Lost a phone, or signed in on a shared computer? End every session of your account at once.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out everywhere?"
        description="Every browser and phone signed in to your account is signed out, this one included. You can sign in again right away."
        confirmLabel="Sign out everywhere"
        onConfirm={() => void confirm()}
        isPending={end.isPending}
      />
    </div>
  );
}
