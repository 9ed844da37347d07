// The owner's side of sharing: invite an e-mail as viewer or editor (the server e-mails the link), see
// the pending invitations, copy a link made in this tab, and cancel an invitation.
import { zodResolver } from '@hookform/resolvers/zod';
import { format, parseISO } from 'date-fns';
import { Mail, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { RoleBadge } from '../../../components/ui/role-badge.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import type { FinancialProfile } from '../../../lib/financial-profiles-api.ts';
import {
  inviteInputSchema,
  useCancelInvitation,
  useCreateInvitation,
  usePendingInvitations,
  type Invitation,
  type InviteFormValues,
  type InviteInput,
} from '../api/invitations.ts';

const roleOptions = [
  { value: 'viewer', label: 'Viewer: can see, cannot change' },
  { value: 'editor', label: 'Editor: can also change plans' },
] as const;

const expiresOn = (iso: string) => {
  try {
    return format(parseISO(iso), 'MMM d, yyyy');
  } catch {
    return iso;
  }
};

export function InviteMemberForm({ profile }: { profile: FinancialProfile }) {
  const invite = useCreateInvitation();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<Invitation | null>(null);
  const form = useForm<InviteFormValues, unknown, InviteInput>({
    resolver: zodResolver(inviteInputSchema),
    defaultValues: { email: '', role: 'viewer' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const invitation = await invite.mutateAsync({ profileId: profile.id, ...values });
      setSent(invitation);
      form.reset({ email: '', role: values.role });
      toast.success(`Invitation sent to ${invitation.invited_email}`);
    } catch (error) {
      const issue =
        error instanceof ApiError
          ? error.issues.find((i) => i.field === 'email' || i.field === 'role')
          : undefined;
      if (issue) {
        form.setError(issue.field as 'email' | 'role', { message: issue.message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 409) {
        // Already a member: the message names the address, so it belongs beside the field.
        form.setError('email', { message: error.message }, { shouldFocus: true });
      } else {
        setFormError(errorMessageOr(error, 'Failed to send invitation'));
      }
    }
  });

  return (
    <div className="space-y-4">
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label={`Invite someone to ${profile.name}`}
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField
          label="Role"
          options={roleOptions}
          error={errors.role?.message}
          {...form.register('role')}
        />
        <Button type="submit" className="w-full sm:w-auto" isPending={isSubmitting}>
          <Mail aria-hidden="true" className="size-4" />
          Send invitation
        </Button>
      </form>
      {sent?.invite_url ? (
        <div
          role="status"
          className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm"
        >
          <p className="text-emerald-900">
            We emailed an invitation to <span className="font-medium">{sent.invited_email}</span>. You can
            also send them this link yourself:
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              aria-label="Invitation link"
              value={sent.invite_url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-9 w-full min-w-0 rounded-md border border-emerald-300 bg-white px-2 text-xs text-slate-700 sm:flex-1"
            />
            <CopyButton text={sent.invite_url} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function PendingInvitations({ profile }: { profile: FinancialProfile }) {
  const invitations = usePendingInvitations(profile.id);
  const cancel = useCancelInvitation();

  if (invitations.isPending) return <PageSpinner label="Loading invitations..." className="py-8" />;
  if (invitations.isError) {
    return (
      <QueryError
        title="We couldn't load the invitations"
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        isRetrying={invitations.isFetching}
      />
    );
  }
  if (invitations.data.length === 0) {
    return <p className="py-2 text-sm text-slate-600">No pending invitations.</p>;
  }

  const cancelOne = async (invitation: Invitation) => {
    try {
      await cancel.mutateAsync({ profileId: profile.id, invitationId: invitation.id });
      toast.success(`Invitation to ${invitation.invited_email} cancelled`);
    } catch (error) {
      toast.error(errorMessageOr(error, 'Failed to cancel invitation'));
    }
  };

  return (
    <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
      {invitations.data.map((invitation) => (
        <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900" title={invitation.invited_email}>
              {invitation.invited_email}
            </p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <RoleBadge role={invitation.role} />
              Expires {expiresOn(invitation.expires_at)}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {invitation.invite_url ? (
              <CopyButton text={invitation.invite_url} srLabel={`for ${invitation.invited_email}`} />
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void cancelOne(invitation)}
              isPending={cancel.isPending && cancel.variables?.invitationId === invitation.id}
            >
              <X aria-hidden="true" className="size-4" />
              Cancel<span className="sr-only"> invitation to {invitation.invited_email}</span>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
