// The sign-in's code step: the authenticator app's code, or a code sent by e-mail or
// text (sent on arrival, "Send a new code" after), or a recovery code; "Trust this device for 30 days".
// Wrong codes say spec §8's 'Invalid verification code'; too many sends its 15-minute message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { TWO_FACTOR_MESSAGES } from '@domain/two-factor.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { postLoginTarget, useLogout, useUser } from '../../../lib/auth.tsx';
import { resetQueriesRefusedForSecondFactor } from '../../../lib/two-factor-status.ts';
import { sendCode, twoFactorKeys, twoFactorStatusQuery, verifyCode } from '../api/two-factor-api.ts';
import { twoFactorErrorMessage } from '../messages.ts';

export function CodeStep() {
  const user = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { logout } = useLogout();
  const status = useQuery(twoFactorStatusQuery(user.userId));
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [trust, setTrust] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const method = status.data?.method ?? null;
  const sends = method === 'email' || method === 'sms';

  const send = useMutation({
    mutationFn: () => sendCode({ method: method === 'sms' ? 'sms' : 'email', codeType: 'login' }),
    onSuccess: (answer) => setSentTo(answer.destination),
    onError: (e) => setError(twoFactorErrorMessage(e, TWO_FACTOR_MESSAGES.sendFailed)),
  });
  // A sent method gets its code on arrival, once.
  const sentOnce = useRef(false);
  useEffect(() => {
    if (!sends || sentOnce.current || status.data?.session_verified) return;
    sentOnce.current = true;
    send.mutate();
  }, [sends, send, status.data?.session_verified]);

  const verify = useMutation({
    mutationFn: () => verifyCode(user.userId, { code, codeType: 'login', trustDevice: trust }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
      // What was asked before the code (the start's reads) was refused: asked again, not shown.
      void resetQueriesRefusedForSecondFactor(queryClient);
      navigate(postLoginTarget(location.state), { replace: true });
    },
    onError: (e) => {
      setError(twoFactorErrorMessage(e, TWO_FACTOR_MESSAGES.verifyFailed));
      setCode('');
    },
  });

  if (status.isPending) return <FullPageSpinner />;
  // Nothing to do here: 2FA is off, or this sign-in already passed.
  if (status.data && (!status.data.enabled || status.data.session_verified))
    return <Navigate to={postLoginTarget(location.state)} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    verify.mutate();
  };

  const prompt = useRecovery
    ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each works once.'
    : method === 'totp'
      ? 'Enter the 6-digit code from your authenticator app.'
      : sentTo
        ? `Enter the 6-digit code we sent to ${sentTo}.`
        : method === 'sms'
          ? 'We are texting you a 6-digit code.'
          : 'We are e-mailing you a 6-digit code.';

  return (
    <form onSubmit={onSubmit} className="space-y-5" noValidate>
      <p className="text-sm text-slate-600">{prompt}</p>
      {status.isError ? (
        <Alert>{twoFactorErrorMessage(status.error, TWO_FACTOR_MESSAGES.verifyFailed)}</Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <TextField
        label={useRecovery ? 'Recovery code' : 'Verification code'}
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        maxLength={useRecovery ? 11 : 6}
        placeholder={useRecovery ? 'abcde-fghij' : '123456'}
        error={undefined}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300"
          checked={trust}
          onChange={(e) => setTrust(e.target.checked)}
        />
        Trust this device for 30 days
      </label>
      <Button type="submit" className="w-full" isPending={verify.isPending} disabled={code.trim().length < 6}>
        Verify
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => {
            setUseRecovery((v) => !v);
            setCode('');
            setError(null);
          }}
        >
          {useRecovery ? 'Use a verification code' : 'Use a recovery code'}
        </button>
        {sends && !useRecovery ? (
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-2 hover:underline disabled:opacity-50"
            disabled={send.isPending}
            onClick={() => {
              setError(null);
              send.mutate(undefined, { onSuccess: () => toast.success('A new code is on its way') });
            }}
          >
            Send a new code
          </button>
        ) : null}
        <button
          type="button"
          className="text-slate-600 underline-offset-2 hover:underline"
          onClick={() => void logout()}
        >
          Sign out
        </button>
      </div>
    </form>
  );
}
