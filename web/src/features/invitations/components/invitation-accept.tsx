// /invite/accept: what the invitation is ("<inviter> invited you to <profile> as <role>"), then either
// Accept (signed in) or the way in for a signed-out invitee: the token and e-mail are kept as the
// pending invitation, and 'Create account' / 'Sign in' carry them (spec §2, §4). An invalid, used,
// cancelled or expired link shows the server's own message.
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { sameEmail } from '@domain/access.ts';
import { authToasts } from '@domain/auth-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth, useLogout, type AuthUser } from '../../../lib/auth.tsx';
import { errorMessageOr } from '../../../lib/error-message.ts';
import { acceptInvite } from '../../../lib/invitation-on-sign-in.tsx';
import { invitationQueryOptions, type InvitationDetails } from '../../../lib/invitations-api.ts';
import {
  clearPendingInvite,
  isFinalInviteFailure,
  rememberPendingInvite,
} from '../../../lib/pending-invitation.ts';
import { roleAsYou, roleLabels } from '../../../lib/profile-roles.ts';

/** Same wording as the server's for an unknown token, for a link that has no token at all. */
const INVALID_LINK_MESSAGE = 'This invitation link is invalid. Ask the profile owner to send a new one.';

export type InvitationView =
  | { kind: 'checking' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'ready'; invitation: InvitationDetails };

/** Looks the token up (public call) and forgets a pending token the server says can never be used. */
export function useInvitation(token: string | null): InvitationView {
  const query = useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
  const final = query.isError && isFinalInviteFailure(query.error);
  useEffect(() => {
    if (token && final) clearPendingInvite(window.localStorage, token);
  }, [token, final]);
  if (!token) return { kind: 'unavailable', message: INVALID_LINK_MESSAGE };
  if (query.isPending) return { kind: 'checking' };
  if (query.isError)
    return { kind: 'unavailable', message: errorMessageOr(query.error, INVALID_LINK_MESSAGE) };
  return { kind: 'ready', invitation: query.data };
}

export function invitationSentence(invitation: InvitationDetails): string {
  const inviter = invitation.inviter_name?.trim() || 'Someone';
  const profile = invitation.profile_name?.trim()
    ? `“${invitation.profile_name.trim()}”`
    : 'a financial profile';
  return `${inviter} invited you to ${profile} as ${roleLabels[invitation.role].toLowerCase()}.`;
}

const expiry = (iso: string) => {
  try {
    return format(parseISO(iso), 'MMMM d, yyyy');
  } catch {
    return null;
  }
};

export function InvitationSummary({ invitation }: { invitation: InvitationDetails }) {
  const until = expiry(invitation.expires_at);
  return (
    <div className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4">
      <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="space-y-1 text-sm">
        <p className="font-medium text-slate-900">{invitationSentence(invitation)}</p>
        <p className="text-slate-700">{roleAsYou[invitation.role]}</p>
        <p className="text-slate-600">
          Sent to <span className="font-medium">{invitation.invited_email}</span>
          {until ? `, valid until ${until}` : ''}.
        </p>
      </div>
    </div>
  );
}

export function InvitationAccept({
  token,
  view,
}: {
  token: string;
  view: Extract<InvitationView, { kind: 'ready' }>;
}) {
  const { state } = useAuth();
  const { invitation } = view;

  if (state.status === 'loading') return <PageSpinner label="Loading..." className="py-8" />;
  return (
    <div className="space-y-5">
      <InvitationSummary invitation={invitation} />
      {state.status === 'signedIn' ? (
        <SignedInAccept token={token} invitation={invitation} user={state.user} />
      ) : (
        <SignedOutChoices token={token} invitation={invitation} />
      )}
    </div>
  );
}

function SignedOutChoices({ token, invitation }: { token: string; invitation: InvitationDetails }) {
  // spec §4: kept until the sign-in that accepts it.
  useEffect(() => {
    rememberPendingInvite(window.localStorage, { token, email: invitation.invited_email });
  }, [token, invitation.invited_email]);
  const query = { invite: token, email: invitation.invited_email };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Create an account with this email to join, or sign in if you have one.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild className="sm:flex-1">
          <Link to={paths.auth.signup.getHref(query)}>Create account</Link>
        </Button>
        <Button asChild variant="secondary" className="sm:flex-1">
          <Link to={paths.auth.login.getHref(query)}>Sign in</Link>
        </Button>
      </div>
    </div>
  );
}

function SignedInAccept({
  token,
  invitation,
  user,
}: {
  token: string;
  invitation: InvitationDetails;
  user: AuthUser;
}) {
  const navigate = useNavigate();
  const { logout, isPending: loggingOut } = useLogout();
  const [accepting, setAccepting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const otherAccount = user.email !== null && !sameEmail(user.email, invitation.invited_email);

  const accept = async () => {
    setAccepting(true);
    setFailure(null);
    const outcome = await acceptInvite({ token, email: invitation.invited_email }, user);
    setAccepting(false);
    if (outcome.kind === 'accepted') {
      toast.success(authToasts.invitationAccepted);
      navigate(paths.app.profiles.getHref(), { replace: true });
    } else {
      setFailure(outcome.message);
    }
  };

  const notNow = () => {
    clearPendingInvite(window.localStorage, token);
    navigate(paths.home.getHref(), { replace: true });
  };

  if (otherAccount) {
    return (
      <div className="space-y-4">
        <Alert title="This invitation is for another email">
          You are signed in as {user.email}. Log out, then sign in or create an account as{' '}
          {invitation.invited_email} to accept it.
        </Alert>
        <Button
          className="w-full"
          onClick={() => {
            rememberPendingInvite(window.localStorage, { token, email: invitation.invited_email });
            void logout();
          }}
          isPending={loggingOut}
        >
          Log Out
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button className="sm:flex-1" onClick={() => void accept()} isPending={accepting}>
          Accept invitation
        </Button>
        <Button variant="secondary" className="sm:flex-1" onClick={notNow} disabled={accepting}>
          Not now
        </Button>
      </div>
    </div>
  );
}
