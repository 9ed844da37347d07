// /settings → Security: two-factor authentication on or off with its method
// (authenticator app first: the stronger one; e-mail; text message), the recovery codes shown once at
// setup, turning it off with a fresh code (spec §4), and the trusted devices, each revocable.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { isE164, TWO_FACTOR_MESSAGES } from '@domain/two-factor.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useUser } from '../../../lib/auth.tsx';
import { forgetDeviceToken } from '../../../lib/second-factor-store.ts';
import {
  disableTwoFactor,
  revokeDevice,
  sendCode,
  startTotpSetup,
  trustedDevicesQuery,
  twoFactorKeys,
  twoFactorStatusQuery,
  verifyCode,
  type TwoFactorMethod,
} from '../api/two-factor-api.ts';
import { twoFactorErrorMessage } from '../messages.ts';

const methodNames: Record<TwoFactorMethod, string> = {
  totp: 'Authenticator app',
  email: 'E-mail codes',
  sms: 'Text messages',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'never');

type Setup =
  | { step: 'choose' }
  | { step: 'totp'; secret: string; uri: string }
  | { step: 'phone' }
  | { step: 'code'; method: 'email' | 'sms'; destination: string; phone?: string };

export function SecuritySettings() {
  const user = useUser();
  const status = useQuery(twoFactorStatusQuery(user.userId));
  // Shown once, right after setup, whatever the refreshed status says meanwhile.
  const [recovery, setRecovery] = useState<string[] | null>(null);
  if (recovery) return <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />;
  if (status.isPending)
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading security settings">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-11 w-48" />
      </div>
    );
  if (status.isError)
    return (
      <Alert title="We could not load your security settings.">
        <Button variant="link" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return status.data.enabled ? <TwoFactorOn /> : <TwoFactorSetup onEnabled={setRecovery} />;
}

function CodeField({
  value,
  onChange,
  label = 'Verification code',
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      name="code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={11}
      placeholder="123456"
      className="max-w-xs"
    />
  );
}

function TwoFactorSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup>({ step: 'choose' });
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (setup.step !== 'totp') return;
    let live = true;
    QRCode.toDataURL(setup.uri, { margin: 1, width: 192 })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [setup]);

  const begin = useMutation({
    mutationFn: async (method: TwoFactorMethod) => {
      if (method === 'totp') {
        const started = await startTotpSetup();
        return { step: 'totp', secret: started.secret, uri: started.otpauth_uri } as Setup;
      }
      const sent = await sendCode({
        method,
        codeType: 'setup',
        ...(method === 'sms' ? { phoneNumber: phone } : {}),
      });
      return { step: 'code', method, destination: sent.destination } as Setup;
    },
    onMutate: () => setError(null),
    onSuccess: (next) => {
      setCode('');
      setSetup(next);
    },
    onError: (e) => setError(twoFactorErrorMessage(e, TWO_FACTOR_MESSAGES.sendFailed)),
  });

  const confirm = useMutation({
    mutationFn: () =>
      verifyCode(user.userId, {
        code,
        codeType: 'setup',
        trustDevice: true,
        method: setup.step === 'totp' ? 'totp' : setup.step === 'code' ? setup.method : undefined,
      }),
    onMutate: () => setError(null),
    onSuccess: async (answer) => {
      onEnabled(answer.recovery_codes ?? []);
      toast.success('Two-factor authentication is on');
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
    },
    onError: (e) => setError(twoFactorErrorMessage(e, TWO_FACTOR_MESSAGES.verifyFailed)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Two-factor authentication is <strong>off</strong>. Turn it on so a stolen password alone cannot open
        your account.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {setup.step === 'choose' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            onClick={() => begin.mutate('totp')}
            isPending={begin.isPending && begin.variables === 'totp'}
          >
            Set up an authenticator app
          </Button>
          <Button
            variant="secondary"
            onClick={() => begin.mutate('email')}
            isPending={begin.isPending && begin.variables === 'email'}
          >
            Use e-mail codes
          </Button>
          <Button variant="secondary" onClick={() => setSetup({ step: 'phone' })}>
            Use text messages
          </Button>
        </div>
      ) : null}
      {setup.step === 'phone' ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!isE164(phone)) {
              setError('Enter the number in international format, e.g. +14155550123');
              return;
            }
            begin.mutate('sms');
          }}
        >
          <TextField
            label="Mobile number"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value.replace(/[\s()-]/g, ''))}
            placeholder="+14155550123"
            hint="International format, starting with + and the country code."
            className="max-w-xs"
          />
          <p className="text-xs text-slate-600">
            Text messages are the weakest method (numbers can be moved to another SIM); an authenticator app
            is safer.
          </p>
          <div className="flex gap-2">
            <Button type="submit" isPending={begin.isPending}>
              Send code
            </Button>
            <Button type="button" variant="ghost" onClick={() => setSetup({ step: 'choose' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {setup.step === 'totp' ? (
        <form className="space-y-4" onSubmit={submit}>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Open your authenticator app (Google Authenticator, 1Password, Authy…) and add an account.</li>
            <li>Scan the QR code, or type the setup key.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="flex flex-col items-start gap-4 sm:flex-row">
            {qr ? (
              <img
                src={qr}
                alt="QR code for your authenticator app"
                className="size-48 rounded-md border border-slate-200 bg-white"
              />
            ) : null}
            <div className="min-w-0 space-y-2">
              <p className="text-sm font-medium text-slate-900">Setup key</p>
              <code
                data-testid="totp-secret"
                className="block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900"
              >
                {setup.secret.match(/.{1,4}/g)?.join(' ')}
              </code>
              <CopyButton text={setup.secret} label="Copy key" variant="secondary" size="sm" />
            </div>
          </div>
          <CodeField value={code} onChange={setCode} />
          <div className="flex gap-2">
            <Button type="submit" isPending={confirm.isPending} disabled={code.trim().length < 6}>
              Turn on
            </Button>
            <Button type="button" variant="ghost" onClick={() => setSetup({ step: 'choose' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {setup.step === 'code' ? (
        <form className="space-y-4" onSubmit={submit}>
          <p className="text-sm text-slate-700">Enter the 6-digit code we sent to {setup.destination}.</p>
          <CodeField value={code} onChange={setCode} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isPending={confirm.isPending} disabled={code.trim().length < 6}>
              Turn on
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => begin.mutate(setup.method)}
              isPending={begin.isPending}
            >
              Send a new code
            </Button>
            <Button type="button" variant="ghost" onClick={() => setSetup({ step: 'choose' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`Tallywise recovery codes\n\n${text}\n`], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'tallywise-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Save your recovery codes now">
        Each code signs you in once if you lose your phone or authenticator. They are shown only this once.
      </Alert>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-slate-100 px-3 py-1.5">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy codes" variant="secondary" size="sm" />
        <Button variant="secondary" size="sm" onClick={download}>
          Download
        </Button>
        <Button size="sm" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

function TwoFactorOn() {
  const user = useUser();
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorStatusQuery(user.userId));
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const method = status.data?.method ?? 'totp';

  const send = useMutation({
    mutationFn: () => sendCode({ method: method === 'sms' ? 'sms' : 'email', codeType: 'login' }),
    onSuccess: (answer) => toast.success(`Code sent to ${answer.destination}`),
    onError: (e) => setError(twoFactorErrorMessage(e, TWO_FACTOR_MESSAGES.sendFailed)),
  });
  const disable = useMutation({
    mutationFn: () => disableTwoFactor(code),
    onMutate: () => setError(null),
    onSuccess: async () => {
      forgetDeviceToken(user.userId);
      toast.success(TWO_FACTOR_MESSAGES.disabled);
      setTurningOff(false);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
    },
    onError: (e) => {
      const message = twoFactorErrorMessage(e, TWO_FACTOR_MESSAGES.disableFailed);
      setError(message);
      if (message === TWO_FACTOR_MESSAGES.disableFailed) toast.error(message);
    },
  });

  return (
    <div className="space-y-5">
      <div className="space-y-1 text-sm text-slate-700">
        <p>
          Two-factor authentication is <strong>on</strong>: {methodNames[method]}
          {method === 'sms' && status.data?.phone ? ` to ${status.data.phone}` : ''}.
        </p>
        <p>
          {status.data?.recovery_codes_left ?? 0} recovery code
          {status.data?.recovery_codes_left === 1 ? '' : 's'} left.
        </p>
      </div>
      {turningOff ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            disable.mutate();
          }}
        >
          <p className="text-sm text-slate-700">
            {method === 'totp'
              ? 'Enter a code from your authenticator app (or a recovery code) to turn two-factor authentication off.'
              : 'Send yourself a code, then enter it (or a recovery code) to turn two-factor authentication off.'}
          </p>
          {error ? <Alert>{error}</Alert> : null}
          <CodeField value={code} onChange={setCode} label="Code" />
          <div className="flex flex-wrap gap-2">
            {method !== 'totp' ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => send.mutate()}
                isPending={send.isPending}
              >
                Send code
              </Button>
            ) : null}
            <Button
              type="submit"
              variant="danger-solid"
              isPending={disable.isPending}
              disabled={code.trim().length < 6}
            >
              Turn off
            </Button>
            <Button type="button" variant="ghost" onClick={() => setTurningOff(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setTurningOff(true)}>
          Turn off two-factor authentication
        </Button>
      )}
      <TrustedDevices />
    </div>
  );
}

function TrustedDevices() {
  const user = useUser();
  const queryClient = useQueryClient();
  const devices = useQuery(trustedDevicesQuery(user.userId));
  const revoke = useMutation({
    mutationFn: (id: string) => revokeDevice(id),
    onSuccess: async (_, id) => {
      if (devices.data?.devices.find((d) => d.id === id)?.current) forgetDeviceToken(user.userId);
      toast.success('Device removed: it will need a code next time');
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.devices(user.userId) });
    },
    onError: () => toast.error('We could not remove that device. Please try again.'),
  });
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Trusted devices</h3>
      {devices.isPending ? <Skeleton className="h-12 w-full" /> : null}
      {devices.isError ? <Alert>We could not load your trusted devices.</Alert> : null}
      {devices.data && devices.data.devices.length === 0 ? (
        <p className="text-sm text-slate-600">No trusted devices: every sign-in asks for a code.</p>
      ) : null}
      {devices.data && devices.data.devices.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {devices.data.devices.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {d.label}
                  {d.current ? (
                    <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-600">
                  Last used {formatDate(d.last_used_at)} · trusted until {formatDate(d.expires_at)}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => revoke.mutate(d.id)}
                isPending={revoke.isPending && revoke.variables === d.id}
                aria-label={`Remove ${d.label}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
