// /admin/notifications (spec §2 in-app notices): create, edit, schedule and target the
// notices people see, with a live preview sanitized exactly as the notice itself is (DOMPurify).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  adminKeys,
  createNotice,
  noticesQuery,
  updateNotice,
  type AdminNotice,
  type NoticeInput,
} from '../api/admin-api.ts';
import { AdminPage, DataTable, QueryFrame, dateTime } from './admin-ui.tsx';

const TARGETS = ['all', 'accounts', 'calendar', 'money-coach', 'profiles', 'settings', 'help'];
const TYPES = ['announcement', 'tip', 'feature', 'onboarding'];
const STYLES = ['info', 'success', 'warning', 'announcement'];
const opts = (values: string[]) => values.map((value) => ({ value, label: value }));

/** The same sanitizing as the in-app notice (features/notices). */
const sanitize = (html: string) =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });

const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const blank = (): NoticeInput => ({
  title: '',
  content: '',
  notification_type: 'announcement',
  style_variant: 'info',
  target_page: 'all',
  is_active: true,
  start_date: new Date().toISOString(),
  end_date: null,
  priority: 0,
});

function NoticeForm({ editing, onDone }: { editing: AdminNotice | null; onDone: () => void }) {
  const client = useQueryClient();
  const [form, setForm] = useState<NoticeInput>(() => (editing ? { ...blank(), ...editing } : blank()));
  const set = <K extends keyof NoticeInput>(key: K, value: NoticeInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const preview = useMemo(() => sanitize(form.content), [form.content]);
  const save = useMutation({
    mutationFn: () => {
      const body = { ...form, title: form.title.trim() };
      return editing ? updateNotice(editing.id, body) : createNotice(body);
    },
    onSuccess: () => {
      toast.success(editing ? 'Notice updated' : 'Notice published');
      void client.invalidateQueries({ queryKey: adminKeys.notices });
      onDone();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not save the notice'),
  });
  return (
    <Card className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <h2 className="text-lg font-semibold text-slate-900">{editing ? 'Edit notice' : 'New notice'}</h2>
        <TextField
          label="Title"
          required
          maxLength={120}
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Content (HTML)
          <textarea
            required
            className="min-h-28 rounded-md border border-slate-300 bg-white p-2 font-mono text-xs font-normal text-slate-900"
            value={form.content}
            onChange={(e) => set('content', e.target.value)}
          />
        </label>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label="Page"
            value={form.target_page}
            options={opts(TARGETS)}
            onChange={(e) => set('target_page', e.target.value)}
          />
          <SelectField
            label="Type"
            value={form.notification_type}
            options={opts(TYPES)}
            onChange={(e) => set('notification_type', e.target.value)}
          />
          <SelectField
            label="Style"
            value={form.style_variant}
            options={opts(STYLES)}
            onChange={(e) => set('style_variant', e.target.value)}
          />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField
            label="Starts"
            type="datetime-local"
            value={toLocalInput(form.start_date)}
            onChange={(e) => set('start_date', fromLocalInput(e.target.value) ?? new Date().toISOString())}
          />
          <TextField
            label="Ends (optional)"
            type="datetime-local"
            value={toLocalInput(form.end_date)}
            onChange={(e) => set('end_date', fromLocalInput(e.target.value))}
          />
          <TextField
            label="Priority"
            type="number"
            min={0}
            max={100}
            value={form.priority}
            onChange={(e) => set('priority', Number(e.target.value))}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.is_active}
            onChange={(e) => set('is_active', e.target.checked)}
          />
          Active
        </label>
        <div className="flex gap-2">
          <Button type="submit" isPending={save.isPending}>
            {editing ? 'Save notice' : 'Publish notice'}
          </Button>
          {editing ? (
            <Button type="button" variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
      <section aria-label="Preview" className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Preview</h2>
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <p className="font-semibold text-slate-900">{form.title || 'Title'}</p>
          <div
            className="prose prose-sm mt-2 text-slate-700"
            data-testid="notice-preview"
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </div>
      </section>
    </Card>
  );
}

export function AdminNotifications() {
  const query = useQuery(noticesQuery());
  const [editing, setEditing] = useState<AdminNotice | null>(null);
  const [page, setPage] = useState(0);
  const size = 10;
  return (
    <AdminPage title="Notifications" intro="In-app notices: who sees them, where, and when.">
      <NoticeForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <QueryFrame query={query}>
        {({ notifications }) =>
          notifications.length === 0 ? (
            <EmptyState title="No notices yet">Publish one above.</EmptyState>
          ) : (
            <>
              <DataTable caption="Notices" head={['Title', 'Page', 'Window', 'Active', '']}>
                {notifications.slice(page * size, page * size + size).map((n) => (
                  <tr key={n.id}>
                    <td className="px-3 py-2">{n.title}</td>
                    <td className="px-3 py-2">{n.target_page}</td>
                    <td className="px-3 py-2">
                      {dateTime(n.start_date)} – {n.end_date ? dateTime(n.end_date) : 'open'}
                    </td>
                    <td className="px-3 py-2">{n.is_active ? 'Yes' : 'No'}</td>
                    <td className="px-3 py-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setEditing(n)}
                        aria-label={`Edit ${n.title}`}
                      >
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <nav aria-label="Notice pages" className="flex justify-between">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page === 0}
                  onClick={() => setPage((p) => p - 1)}
                >
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={(page + 1) * size >= notifications.length}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </nav>
            </>
          )
        }
      </QueryFrame>
    </AdminPage>
  );
}
