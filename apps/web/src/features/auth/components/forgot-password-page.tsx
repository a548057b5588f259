import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { checkForgotPassword } from '@shop/core/forms';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { focusElement } from '../../../lib/focus.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { forgotPassword } from '../api/auth-calls.ts';
import './auth-modal.css';
import './password-pages.css';
import { t } from '../../../lib/i18n.ts';

/** Asks for a reset link. The answer is the same whether or not the email has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle(t('Forgot password'));
  // the login modal hands over the email already typed there
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof typed === 'string' ? typed : '');
  const [sent, setSent] = useState<string | null>(null);
  const fieldErrors = useFieldErrors<'email'>('forgot');
  const notice = useRef<HTMLParagraphElement>(null);

  const [submit, pending] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = fieldErrors.accept(checkForgotPassword({ email }));
    if (!check) return;
    try {
      setSent(await forgotPassword(check.email));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  // the form is gone: the focus goes to what replaced it, which is read out
  useLayoutEffect(() => {
    if (sent) focusElement(notice.current);
  }, [sent]);

  return (
    <div className="page password-page">
      <div className="password-page__card">
        <h1 className="password-page__title">{t('Forgot your password?')}</h1>
        {sent ? (
          <>
            <p ref={notice} tabIndex={-1} className="auth-form__notice" role="status">{sent}</p>
            <p className="password-page__lead">
              Look in your inbox (and the spam folder) for a message from us. The link in it works once, for one hour.
            </p>
            <p className="password-page__links">
              <button type="button" className="auth-form__link" onClick={() => setSent(null)}>{t('Send another link')}</button>
              <Link to="/" className="auth-form__link">{t('Back to the shop')}</Link>
            </p>
          </>
        ) : (
          <>
            <p className="password-page__lead">{t('Write the email of your account and we will send you a link to choose a new password.')}</p>
            <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
              <TextField label={t('Email')} field={fieldErrors.field('email')} type="email" name="email" autoComplete="email" required value={email} onValue={setEmail} />
              <Button type="submit" block busy={pending}>{t('Send reset link')}</Button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
