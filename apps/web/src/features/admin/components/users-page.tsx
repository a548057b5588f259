import { Users } from 'lucide-react';
import { ROLES, type Role } from '@shop/core/constants';
import type { User } from '@shop/core/contract/accounts';
import { formatDate } from '@shop/core/dates';
import { getLang } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { Button } from '../../../components/button.tsx';
import { useAdminUsers } from '../api/get-users.ts';
import { resetTwoFactor } from '../api/reset-two-factor.ts';
import { setRole } from '../api/set-role.ts';
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
        columns={5}
        head={
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('USERNAME')}</th>
            <th scope="col">{t('EMAIL')}</th>
            <th scope="col">{t('ROLE')}</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
          </tr>
        }
        renderRow={(user, position) => (
          <tr key={user._id}>
            <td className="tabular muted" data-label="#">{formatNumber(position)}</td>
            <td className="table__card-title">
              <span>
                <bdi className="admin-strong">{user.username}</bdi>
                {user.role !== 'customer' ? <span className="admin-tag">{t(ROLE_LABELS[user.role])}</span> : null}
              </span>
            </td>
            <td data-label={t('EMAIL')}>{user.email}</td>
            <td data-label={t('ROLE')}>
              <RoleSelect user={user} />
              {user.twoFactor ? <TwoFactorOff user={user} /> : null}
            </td>
            <td data-label={t('DATE')}>{formatDate(user.createdAt, getLang())}</td>
          </tr>
        )}
        empty={{ icon: <Users size={32} />, title: t('No users yet'), text: t('People who register will be listed here.') }}
      />
    </>
  );
}

const ROLE_LABELS = { customer: 'Customer', staff: 'Staff', admin: 'Admin' } as const satisfies Record<Role, string>;

/** An admin sets each account's role here; their own stays as it is (another admin changes it). */
function RoleSelect({ user }: { user: User }) {
  const me = useSession();
  const [change, busy] = useAction(async (role: Role) => {
    try {
      notify.success(await setRole(user._id, role));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <select
      className="select"
      aria-label={t('Role of {name}', { name: user.username })}
      value={user.role}
      disabled={user._id === me?._id}
      aria-busy={busy || undefined}
      onChange={(event) => void change(event.target.value as Role)}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>{t(ROLE_LABELS[role])}</option>
      ))}
    </select>
  );
}

/** Two-step sign-in is on for this account: an admin may turn it off for another (recorded in the activity). */
function TwoFactorOff({ user }: { user: User }) {
  const me = useSession();
  const [turnOff, busy] = useAction(async () => {
    try {
      notify.success(await resetTwoFactor(user._id));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  if (user._id === me?._id) return null;
  return (
    <Button type="button" variant="quiet" small busy={busy} onClick={() => void turnOff()}>
      {t('Turn off two-step sign-in for {name}', { name: user.username })}
    </Button>
  );
}
