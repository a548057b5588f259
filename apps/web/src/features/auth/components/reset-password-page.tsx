import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { checkResetPassword } from '@shop/core/forms';
import { MESSAGES } from '@shop/core/messages';
import { Button } from '../../../components/button.tsx';
import { NewPasswordField } from '../../../components/text-field.tsx';
import { openAuthModal } from '../../../lib/auth-modal-store.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { focusElement } from '../../../lib/focus.ts';
import { logOut } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { resetPassword } from '../api/auth-calls.ts';
import './auth-modal.css';
import './password-pages.css';
import { t } from '../../../lib/i18n.ts';

/** The page of the mailed link (`/reset-password?token=…`): a new password, then the login. */
export function ResetPasswordPage() {
  useDocumentTitle(t('Reset password'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  // a link without a token, or one the server refused: the form gives way to the way out
  const [invalid, setInvalid] = useState(token === '');
  const fieldErrors = useFieldErrors<'password'>('reset');
  const problem = useRef<HTMLParagraphElement>(null);

  const [submit, pending] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = fieldErrors.accept(checkResetPassword({ token, password }));
    if (!check) return;
    try {
      const message = await resetPassword(check.token, check.password);
      // every session of the account has just been signed out, this browser's too
      logOut();
      notify.success(message);
      navigate('/', { replace: true });
      openAuthModal('login');
    } catch (error) {
      const message = errorMessage(error);
      notify.error(message);
      if (message === MESSAGES.resetLinkInvalid) setInvalid(true);
    }
  });

  useLayoutEffect(() => {
    if (invalid && token !== '') focusElement(problem.current);
  }, [invalid, token]);

  return (
    <div className="page password-page">
      <div className="password-page__card">
        <h1 className="password-page__title">{t('Choose a new password')}</h1>
        {invalid ? (
          <>
            {/* focused when the server refuses the link (its toast says it aloud), shown as it is when the link has no token */}
            <p ref={problem} tabIndex={-1} className="auth-form__error">{MESSAGES.resetLinkInvalid}</p>
            <p className="password-page__lead">{t('Reset links work once, for one hour. Ask for a new one and use the latest mail.')}</p>
            <p className="password-page__links">
              <Link to="/forgot-password" className="auth-form__link">{t('Send me a new link')}</Link>
            </p>
          </>
        ) : (
          <>
            <p className="password-page__lead">{t('After this, you log in with the new password on every device.')}</p>
            <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
              <NewPasswordField label={t('New password')} field={fieldErrors.field('password')} name="password" value={password} onValue={setPassword} />
              <Button type="submit" block busy={pending}>{t('Save new password')}</Button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
