// /settings → Danger zone → "Delete my account" (functions/lib/account-deletion.ts). Says
// what goes — and which shared profiles go for their members too — then asks for the password (and a code
// when two-factor authentication is on) and the word DELETE. The server re-checks the password; on success
// this browser signs out and lands on the home page. docs/settings.md.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { loadAmplify } from '../../../lib/amplify-loader.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useAuth, useUser } from '../../../lib/auth.tsx';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { expectSessionEnd } from '../../../lib/session-ended.ts';
import { sendCode, twoFactorStatusQuery } from '../../../lib/two-factor-status.ts';

export const ACCOUNT_DELETED = 'Your account and its data were deleted.';
const CONFIRM_WORD = 'DELETE';

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const { profiles } = useActiveProfile();
  const user = useUser();
  const ownedShared = profiles.filter((p) => p.owner_user_id === user.userId && p.member_count > 1);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Deleting your account removes your profiles and everything in them — accounts, transactions, your
        plan, forecasts and coach conversations — disconnects your banks and cancels any subscription at once.
        It cannot be undone.
      </p>
      {ownedShared.length > 0 ? (
        <p className="text-sm text-slate-700">
          You share{' '}
          {ownedShared.map((p, i) => (
            <span key={p.id}>
              {i > 0 ? ', ' : ''}
              <strong>{p.name}</strong> with {p.member_count - 1}{' '}
              {p.member_count - 1 === 1 ? 'person' : 'people'}
            </span>
          ))}
          : {ownedShared.length === 1 ? 'it is' : 'they are'} deleted for them too, and they are told by
          e-mail.
        </p>
      ) : null}
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const user = useUser();
  const { markSignedOut } = useAuth();
  const navigate = useNavigate();
  const status = useQuery(twoFactorStatusQuery(user.userId));
  const method = status.data?.enabled ? status.data.method : null;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [word, setWord] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);

  const send = useMutation({
    mutationFn: () => sendCode({ method: method === 'sms' ? 'sms' : 'email', codeType: 'login' }),
    onSuccess: (answer) => toast.success(`Code sent to ${answer.destination}`),
    onError: (e) => setError({ field: 'code', message: errorMessageOr(e, 'We could not send a code.') }),
  });
  const remove = useMutation({
    mutationFn: () =>
      api.post<{ deleted: true }>('/profiles/me/delete-account', {
        password,
        ...(method ? { code: code.trim() } : {}),
      }),
    retry: false,
    onMutate: () => setError(null),
    onSuccess: async () => {
      // The account is gone: every later call of this browser would be refused, and that is expected.
      expectSessionEnd(60_000);
      markSignedOut();
      await loadAmplify()
        .then(({ signOut }) => signOut())
        .catch(() => undefined);
      toast.success(ACCOUNT_DELETED);
      navigate(paths.home.getHref(), { replace: true });
    },
    onError: (e) =>
      setError({
        field: e instanceof ApiError ? (e.issues[0]?.field ?? null) : null,
        message: errorMessageOr(
          e,
          'We could not delete your account. Nothing was changed; please try again.',
        ),
      }),
  });
  const ready = password.length > 0 && word.trim() === CONFIRM_WORD && (!method || code.trim().length >= 6);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) remove.mutate();
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next || remove.isPending ? undefined : onClose())}
      title="Delete your account?"
      description="This deletes your account and all of its data for good. Confirm it is you to continue."
      className="max-w-md"
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        {error && error.field !== 'password' && error.field !== 'code' ? (
          <Alert>{error.message}</Alert>
        ) : null}
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error?.field === 'password' ? error.message : undefined}
          required
        />
        {method ? (
          <div className="space-y-2">
            <TextField
              label="Verification code"
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={11}
              hint={
                method === 'totp'
                  ? 'A code from your authenticator app, or a recovery code.'
                  : 'Send yourself a code, or use a recovery code.'
              }
              error={error?.field === 'code' ? error.message : undefined}
            />
            {method !== 'totp' ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => send.mutate()}
                isPending={send.isPending}
              >
                Send code
              </Button>
            ) : null}
          </div>
        ) : null}
        <TextField
          label={`Type ${CONFIRM_WORD} to confirm`}
          name="confirm"
          autoComplete="off"
          autoCapitalize="characters"
          value={word}
          onChange={(e) => setWord(e.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger-solid" disabled={!ready} isPending={remove.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
