import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { MESSAGES } from '@shop/core/messages';
import { BackLink } from '../../../components/back-link.tsx';
import { Button } from '../../../components/button.tsx';
import { useAccountOwner } from '../../../lib/account-owner.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { updateProfile } from '../api/update-profile.ts';
import './account.css';

export function AccountDetailsPage() {
  const user = useAccountOwner();
  const navigate = useNavigate();
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [pending, setPending] = useState(false);
  useDocumentTitle('Account Details');

  const [save, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    setPending(true);
    try {
      const updated = await updateProfile(user.id, { username: username.trim(), email: email.trim() });
      notify.success(MESSAGES.profileUpdated);
      navigate(accountPath(updated.username, 'account-details'), { replace: true });
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  });

  // while saving, the session's username changes before the URL does: do not bounce to /
  if (!user && !pending) return <Navigate to="/" replace />;
  const owner = user?.username ?? username;

  return (
    <div className="page">
      <BackLink to={accountPath(owner)}>My Account</BackLink>
      <h1 className="page-title">Account Details</h1>
      <form className="account-form" onSubmit={(event) => void save(event)}>
        <div className="field">
          <label htmlFor="account-username">Username</label>
          <input id="account-username" className="input" name="username" autoComplete="username" required maxLength={40} value={username} onChange={(event) => setUsername(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="account-email">Email</label>
          <input id="account-email" className="input" type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <Button type="submit" busy={saving}>Save changes</Button>
      </form>
    </div>
  );
}
