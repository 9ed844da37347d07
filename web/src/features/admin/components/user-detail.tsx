// /admin/users/:userId: who the person is, their banks and subscription, the health
// timeline (sign-up, banks, syncs and errors, forecasts, billing, coach, e-mails, admin actions) and the
// audited actions. Each action asks for confirmation; the result or refusal shows as a toast.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  adminKeys,
  timelineQuery,
  userAction,
  userQuery,
  type AdminUser,
  type UserAction,
} from '../api/admin-api.ts';
import { AdminPage, Pager, QueryFrame, dateTime, useCursorPages } from './admin-ui.tsx';

const actionLabels: Record<UserAction, string> = {
  resend_verification: 'Resend verification',
  revoke_sessions: 'Revoke sessions',
  disable_user: 'Disable',
  enable_user: 'Enable',
  grant_admin: 'Grant admin',
  revoke_admin: 'Revoke admin',
};

function Actions({ data }: { data: AdminUser }) {
  const client = useQueryClient();
  const [pending, setPending] = useState<UserAction | null>(null);
  const run = useMutation({
    mutationFn: (action: UserAction) => userAction(data.user.id, action),
    onSuccess: (_r, action) => {
      toast.success(`${actionLabels[action]}: done`);
      void client.invalidateQueries({ queryKey: adminKeys.user(data.user.id) });
      void client.invalidateQueries({ queryKey: ['admin', 'timeline', data.user.id] });
    },
    onError: (error, action) =>
      toast.error(`${actionLabels[action]}: ${error instanceof ApiError ? error.message : 'failed'}`),
  });
  const enabled = data.cognito?.enabled !== false;
  const actions: UserAction[] = [
    'resend_verification',
    'revoke_sessions',
    enabled ? 'disable_user' : 'enable_user',
    data.user.is_admin ? 'revoke_admin' : 'grant_admin',
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'disable_user' || action === 'revoke_admin' ? 'danger' : 'secondary'}
          isPending={run.isPending && run.variables === action}
          onClick={() => setPending(action)}
        >
          {actionLabels[action]}
        </Button>
      ))}
      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={`${actionLabels[pending]}?`}
          description={`${actionLabels[pending]} for ${data.user.email}. This is recorded in the audit log.`}
          confirmLabel={actionLabels[pending]}
          onConfirm={() => {
            run.mutate(pending);
            setPending(null);
          }}
        />
      ) : null}
    </div>
  );
}

function Timeline({ userId }: { userId: string }) {
  const pages = useCursorPages();
  const query = useQuery(timelineQuery(userId, pages.cursor));
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Health timeline</h2>
      <QueryFrame query={query}>
        {(page) => (
          <>
            {page.sources_unavailable.map((reason) => (
              <Alert key={reason} tone="info" className="mt-2">
                {reason}
              </Alert>
            ))}
            <ol className="mt-3 flex flex-col gap-2" aria-label="Timeline">
              {page.items.map((event) => (
                <li
                  key={event.id}
                  data-kind={event.kind}
                  className="flex flex-col gap-0.5 border-l-2 border-slate-200 pl-3 sm:flex-row sm:gap-3"
                >
                  <time className="shrink-0 text-xs text-slate-500 sm:w-40" dateTime={event.at}>
                    {dateTime(event.at)}
                  </time>
                  <span className="min-w-0 text-sm break-words text-slate-900">
                    {event.title}
                    {event.detail ? <span className="text-slate-600"> · {event.detail}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
            <div className="mt-3">
              <Pager
                hasPrevious={pages.hasPrevious}
                nextCursor={page.next_cursor}
                onPrevious={pages.previous}
                onNext={pages.next}
              />
            </div>
          </>
        )}
      </QueryFrame>
    </Card>
  );
}

export function AdminUserDetail({ userId }: { userId: string }) {
  const query = useQuery(userQuery(userId));
  return (
    <QueryFrame query={query}>
      {(data) => (
        <AdminPage title={data.user.full_name ?? data.user.email} intro={data.user.email}>
          <Card className="flex flex-col gap-3">
            <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600">Signed up</dt>
                <dd>{dateTime(data.user.created_at)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Last visit</dt>
                <dd>{dateTime(data.user.last_active_at)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Sign-in</dt>
                <dd>
                  {data.cognito
                    ? `${data.cognito.enabled ? 'Enabled' : 'Disabled'} · ${data.cognito.status}`
                    : 'Not in the user pool'}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Admin</dt>
                <dd>{data.user.is_admin ? 'Yes' : 'No'}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Subscription</dt>
                <dd>
                  {data.subscription
                    ? `${data.subscription.status}${data.subscription.plan ? ` · ${data.subscription.plan}` : ''}`
                    : 'None'}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Banks</dt>
                <dd>
                  {data.banks.length === 0
                    ? 'None linked'
                    : data.banks
                        .map(
                          (b) =>
                            `${b.institution_name ?? 'Bank'} (${b.status}${b.error_code ? `: ${b.error_code}` : ''})`,
                        )
                        .join(', ')}
                </dd>
              </div>
            </dl>
            <Actions data={data} />
          </Card>
          <Timeline userId={userId} />
        </AdminPage>
      )}
    </QueryFrame>
  );
}
