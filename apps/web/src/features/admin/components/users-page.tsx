import { Users } from 'lucide-react';
import { formatDate } from '@shop/core/text';
import { getLang } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { formatNumber, t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { DateHeader } from './date-header.tsx';
import { useListParams } from './use-list-params.ts';

export function UsersPage() {
  useDocumentTitle(t('Users'));
  const { page, order, hrefFor } = useListParams();
  const users = useAdminUsers(page, order);

  return (
    <>
      <AdminHeader title={t('Users')} text={t('Everyone with an account in the shop.')} />
      <AdminList
        label={t('Users')}
        loading="Loading users…"
        failed="Users could not be loaded"
        result={users}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        count="{count} users"
        columns={4}
        head={
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('USERNAME')}</th>
            <th scope="col">{t('EMAIL')}</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
          </tr>
        }
        renderRow={(user, position) => (
          <tr key={user._id}>
            <td className="tabular muted" data-label="#">{formatNumber(position)}</td>
            <td className="table__card-title">
              <span>
                <span className="admin-strong">{user.username}</span>
                {user.isAdmin ? <span className="admin-tag">{t('Admin')}</span> : null}
              </span>
            </td>
            <td data-label={t('EMAIL')}>{user.email}</td>
            <td data-label={t('DATE')}>{formatDate(user.createdAt, getLang())}</td>
          </tr>
        )}
        empty={{ icon: <Users size={32} />, title: t('No users yet'), text: t('People who register will be listed here.') }}
      />
    </>
  );
}
