import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@shop/core/constants';
import type { ConsentChoices } from '@shop/core/contract/privacy';
import { Button } from '../../../components/button.tsx';
import { allChoices, ConsentBoxes } from '../../../components/consent-boxes.tsx';
import { NewPasswordField, TextField } from '../../../components/text-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { login, register } from '../api/auth-calls.ts';
import { TwoStepForm } from './two-step-form.tsx';
import { closeAuthModal, setAuthTab, setRegisterError, useAuthModal, type AuthTab } from '../../../lib/auth-modal-store.ts';
import './auth-modal.css';
import { t, type UiText } from '../../../lib/i18n.ts';

// The forms' checks carry the shared schemas (zod): fetched when the modal opens, not with it, so it opens as fast as before.
const loadChecks = () => import('@shop/core/forms');

export function AuthModal() {
  const { open, tab, registerError } = useAuthModal();
  const user = useSession();
  const id = useId();
  const [loginEmail, setLoginEmail] = useState('');
  // toasts sit under the modal's backdrop, so the register success is also said here
  const [registered, setRegistered] = useState<string | null>(null);

  useEffect(() => {
    void loadChecks();
  }, []);

  // SPEC: the modal closes itself once someone is logged in
  useEffect(() => {
    if (user && open) closeAuthModal();
  }, [user, open]);

  const tabs: { key: AuthTab; label: UiText }[] = [
    { key: 'login', label: 'Login' },
    { key: 'register', label: 'Register' },
  ];

  return (
    <ModalDialog open={open} onClose={closeAuthModal} className="dialog-card auth-modal" labelledBy={`${id}-title`}>
      <div className="auth-modal__head">
        <h2 id={`${id}-title`} className="auth-modal__title">{tab === 'login' ? t('Welcome back') : t('Create your account')}</h2>
        <button type="button" className="icon-btn" onClick={closeAuthModal} aria-label={t('Close')}>
          <X size={22} aria-hidden="true" />
        </button>
      </div>
      <div className="auth-modal__tabs" role="tablist" aria-label={t('Login or register')}>
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            id={`${id}-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            className="auth-modal__tab"
            onClick={() => setAuthTab(key)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const next = tab === 'login' ? 'register' : 'login';
                setAuthTab(next);
                document.getElementById(`${id}-tab-${next}`)?.focus();
              }
            }}
            tabIndex={tab === key ? 0 : -1}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className="auth-modal__panel">
        {tab === 'login' ? (
          <LoginForm email={loginEmail} onEmailChange={setLoginEmail} notice={registered} />
        ) : (
          <RegisterForm
            error={registerError}
            onRegistered={(email, message) => {
              setLoginEmail(email);
              setRegistered(message);
              setAuthTab('login');
            }}
          />
        )}
      </div>
    </ModalDialog>
  );
}

function LoginForm({ email, onEmailChange, notice }: { email: string; onEmailChange: (email: string) => void; notice: string | null }) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // two-step sign-in (PRODUCT section 9): the password was right, a code is asked next
  const [ticket, setTicket] = useState<string | null>(null);
  const fieldErrors = useFieldErrors<'email' | 'password'>('login');
  const [submit, pending] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      setFailure(null);
      // a failed check is said at its field and in the toast, not again above the form
      const check = fieldErrors.accept((await loadChecks()).checkLogin({ email, password }));
      if (!check) return;
      const answer = await login(check.email, check.password);
      if ('twoFactorRequired' in answer) setTicket(answer.ticket);
    } catch (error) {
      setFailure(errorMessage(error));
      notify.error(errorMessage(error));
    }
  });
  if (ticket) {
    return (
      <TwoStepForm
        ticket={ticket}
        onBack={() => {
          setTicket(null);
          setPassword('');
        }}
      />
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {failure ? (
        <p className="auth-form__error" role="alert">{failure}</p>
      ) : notice ? (
        <p className="auth-form__notice" role="status">{notice}</p>
      ) : null}
      <TextField label={t('Email')} field={fieldErrors.field('email')} type="email" name="email" autoComplete="email" required value={email} onValue={onEmailChange} />
      <TextField label={t('Password')} field={fieldErrors.field('password')} type="password" name="password" autoComplete="current-password" required minLength={PASSWORD_MIN_LENGTH} value={password} onValue={setPassword} />
      <p className="auth-form__forgot">
        <Link to="/forgot-password" state={{ email }} className="auth-form__link" onClick={closeAuthModal}>{t('Forgot password?')}</Link>
      </p>
      <Button type="submit" block busy={pending}>{t('Login')}</Button>
      <p className="auth-form__switch">
        {t('New here?')}{' '}
        <button type="button" className="auth-form__link" onClick={() => setAuthTab('register')}>{t('Create an account')}</button>
      </p>
    </form>
  );
}

function RegisterForm({ error, onRegistered }: { error: string | null; onRegistered: (email: string, message: string) => void }) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [consents, setConsents] = useState<ConsentChoices>({});
  const fieldErrors = useFieldErrors<'username' | 'email' | 'password'>('register');
  const [submit, pending] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      // the register error (SPEC) is the server's; a form's own check is said at its field and in the toast
      setRegisterError(null);
      const check = fieldErrors.accept((await loadChecks()).checkRegister({ username, email, password }));
      if (!check) return;
      const message = await register(check.username, check.email, check.password, allChoices(consents));
      notify.success(message);
      onRegistered(check.email, message);
    } catch (failure) {
      const message = errorMessage(failure);
      setRegisterError(message);
      notify.error(message);
      fieldErrors.showServerMessage(message);
    }
  });
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      {error ? (
        <p className="auth-form__error" role="alert">{error}</p>
      ) : null}
      <TextField label={t('Username')} field={fieldErrors.field('username')} name="username" autoComplete="username" required maxLength={40} value={username} onValue={setUsername} />
      <TextField label={t('Email')} field={fieldErrors.field('email')} type="email" name="email" autoComplete="email" required value={email} onValue={setEmail} />
      <NewPasswordField label={t('Password')} field={fieldErrors.field('password')} name="password" value={password} onValue={setPassword} />
      <ConsentBoxes value={consents} onChange={setConsents} />
      <Button type="submit" block busy={pending}>{t('Register')}</Button>
      <p className="auth-form__switch">
        {t('Already have an account?')}{' '}
        <button type="button" className="auth-form__link" onClick={() => setAuthTab('login')}>{t('Login')}</button>
      </p>
    </form>
  );
}
