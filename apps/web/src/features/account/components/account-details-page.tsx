import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@shop/core/constants';
import { checkChangePassword, checkProfile } from '@shop/core/forms';
import { MESSAGES } from '@shop/core/messages';
import { BackLink } from '../../../components/back-link.tsx';
import { Button } from '../../../components/button.tsx';
import { NewPasswordField, TextField } from '../../../components/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { changePassword } from '../api/change-password.ts';
import { updateProfile } from '../api/update-profile.ts';
import './account.css';
import { plural, t } from '../../../lib/i18n.ts';

export function AccountDetailsPage() {
  const session = useSession();
  const { username: routeUsername } = useParams();
  // after a rename the session changes a moment before the URL does: that is still the owner
  const renamedTo = useRef<string | null>(null);
  const user = session && (session.username === routeUsername || session.username === renamedTo.current) ? session : null;
  const navigate = useNavigate();
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const fieldErrors = useFieldErrors<'username' | 'email' | 'currentPassword'>('account');
  useDocumentTitle(t('Account Details'));
  // a new email needs the current password (the API asks for it too); the saved email is kept lowercase
  const emailChanged = user !== null && email.trim() !== '' && email.trim().toLowerCase() !== user.email;

  const [save, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    const check = fieldErrors.accept(checkProfile({ username, email, currentPassword: emailChanged ? currentPassword : undefined }, user.email));
    if (!check) return;
    try {
      renamedTo.current = check.username;
      const updated = await updateProfile(user.id, check);
      renamedTo.current = updated.username;
      setCurrentPassword('');
      notify.success(MESSAGES.profileUpdated);
      navigate(accountPath(updated.username, 'account-details'), { replace: true });
    } catch (error) {
      notify.error(errorMessage(error));
      fieldErrors.showServerMessage(errorMessage(error));
    }
  });

  if (!user) return <Navigate to="/" replace />;
  const owner = user.username;

  return (
    <div className="page">
      <BackLink to={accountPath(owner)}>{t('My Account')}</BackLink>
      <h1 className="page-title">{t('Account Details')}</h1>
      <form className="account-form" noValidate onSubmit={(event) => void save(event)}>
        <TextField label={t('Username')} field={fieldErrors.field('username')} name="username" autoComplete="username" required maxLength={40} value={username} onValue={setUsername} />
        <TextField label={t('Email')} field={fieldErrors.field('email')} type="email" name="email" autoComplete="email" required value={email} onValue={setEmail} />
        {emailChanged && (
          <TextField
            label={t('Current password')}
            field={fieldErrors.field('currentPassword')}
            hint={t('Needed to change your email. We will tell your old address about the change.')}
            type="password"
            name="email-current-password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onValue={setCurrentPassword}
          />
        )}
        <Button type="submit" busy={saving}>{t('Save changes')}</Button>
      </form>
      <ChangePasswordForm />
    </div>
  );
}

/** Asks for the current password; the answer's new token keeps this session, every other one is signed out. */
function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const fieldErrors = useFieldErrors<'currentPassword' | 'newPassword'>('password');

  const [save, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = fieldErrors.accept(checkChangePassword({ currentPassword, newPassword }));
    if (!check) return;
    try {
      notify.success(await changePassword(check));
      setCurrentPassword('');
      setNewPassword('');
    } catch (error) {
      notify.error(errorMessage(error));
      fieldErrors.showServerMessage(errorMessage(error));
    }
  });

  return (
    <section className="account-section" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="account-section__title">{t('Change password')}</h2>
      <form className="account-form" noValidate onSubmit={(event) => void save(event)}>
        <TextField label={t('Current password')} field={fieldErrors.field('currentPassword')} type="password" name="current-password" autoComplete="current-password" required value={currentPassword} onValue={setCurrentPassword} />
        <NewPasswordField
          label={t('New password')}
          field={fieldErrors.field('newPassword')}
          hint={plural('At least {count} characters. You stay logged in here; other devices are logged out.', PASSWORD_MIN_LENGTH)}
          name="new-password"
          value={newPassword}
          onValue={setNewPassword}
        />
        <Button type="submit" busy={saving}>{t('Change password')}</Button>
      </form>
    </section>
  );
}
