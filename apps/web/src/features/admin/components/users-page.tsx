import { Users } from 'lucide-react';
import { formatDate } from '@shop/core/text';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { DateHeader } from './date-header.tsx';
import { useListParams } from './use-list-params.ts';

export function UsersPage() {
  useDocumentTitle('Users');
  const { page, order, hrefFor } = useListParams();
  const users = useAdminUsers(page, order);

  return (
    <>
      <AdminHeader title="Users" text="Everyone with an account in the shop." />
      <AdminList
        label="Users"
        result={users}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        noun={['user', 'users']}
        columns={4}
        head={
          <tr>
            <th scope="col">#</th>
            <th scope="col">USERNAME</th>
            <th scope="col">EMAIL</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
          </tr>
        }
        renderRow={(user, position) => (
          <tr key={user._id}>
            <td className="tabular muted" data-label="#">{position}</td>
            <td className="table__card-title">
              <span>
                <span className="admin-strong">{user.username}</span>
                {user.isAdmin ? <span className="admin-tag">Admin</span> : null}
              </span>
            </td>
            <td data-label="EMAIL">{user.email}</td>
            <td data-label="DATE">{formatDate(user.createdAt)}</td>
          </tr>
        )}
        empty={{ icon: <Users size={32} />, title: 'No users yet', text: 'People who register will be listed here.' }}
      />
    </>
  );
}
