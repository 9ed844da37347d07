// /admin/users: search by e-mail (prefix), paged list, each row opening the person's page.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { usersQuery } from '../api/admin-api.ts';
import { AdminPage, DataTable, Pager, QueryFrame, dateTime, useCursorPages } from './admin-ui.tsx';

export function AdminUsers() {
  const [search, setSearch] = useState('');
  const pages = useCursorPages();
  const query = useQuery(usersQuery(search.trim().toLowerCase(), pages.cursor));
  return (
    <AdminPage title="Users" intro="Search by the start of an e-mail address.">
      <form role="search" onSubmit={(e) => e.preventDefault()} className="max-w-md">
        <TextField
          label="Search by e-mail"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            pages.reset();
          }}
        />
      </form>
      <QueryFrame query={query}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="No users found">
              {search ? 'No e-mail address starts with that.' : 'Nobody has signed in yet.'}
            </EmptyState>
          ) : (
            <>
              <DataTable caption="Users" head={['E-mail', 'Name', 'Signed up', 'Last visit', 'Admin']}>
                {page.items.map((u) => (
                  <tr key={u.id}>
                    <td className="px-3 py-2 break-all">
                      <Link
                        className="text-brand-700 underline-offset-4 hover:underline"
                        to={paths.admin.user.getHref(u.id)}
                      >
                        {u.email}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{u.full_name ?? '—'}</td>
                    <td className="px-3 py-2">{dateTime(u.created_at)}</td>
                    <td className="px-3 py-2">{dateTime(u.last_active_at)}</td>
                    <td className="px-3 py-2">{u.is_admin ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                hasPrevious={pages.hasPrevious}
                nextCursor={page.next_cursor}
                onPrevious={pages.previous}
                onNext={pages.next}
              />
            </>
          )
        }
      </QueryFrame>
    </AdminPage>
  );
}
