import { useEffect, useId, useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@shop/core/constants';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { login, register } from '../api/auth-calls.ts';
import { closeAuthModal, setAuthTab, setRegisterError, useAuthModal, type AuthTab } from '../../../lib/auth-modal-store.ts';
import './auth-modal.css';

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

  const tabs: { key: AuthTab; label: string }[] = [
    { key: 'login', label: 'Login' },
    { key: 'register', label: 'Register' },
  ];

  return (
    <ModalDialog open={open} onClose={closeAuthModal} className="dialog-card auth-modal" labelledBy={`${id}-title`}>
      <div className="auth-modal__head">
        <h2 id={`${id}-title`} className="auth-modal__title">{tab === 'login' ? 'Welcome back' : 'Create your account'}</h2>
        <button type="button" className="icon-btn" onClick={closeAuthModal} aria-label="Close">
          <X size={22} aria-hidden="true" />
        </button>
      </div>
      <div className="auth-modal__tabs" role="tablist" aria-label="Login or register">
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
            {label}
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
  const [submit, pending] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      setFailure(null);
      const check = (await loadChecks()).checkLogin({ email, password });
      if (!check.ok) {
        setFailure(check.message);
        notify.error(check.message);
        return;
      }
      await login(check.data.email, check.data.password);
    } catch (error) {
      setFailure(errorMessage(error));
      notify.error(errorMessage(error));
    }
  });
  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)}>
      {failure ? (
        <p className="auth-form__error" role="alert">{failure}</p>
      ) : notice ? (
        <p className="auth-form__notice" role="status">{notice}</p>
      ) : null}
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input id="login-email" className="input" type="email" name="email" autoComplete="email" required value={email} onChange={(event) => onEmailChange(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          className="input"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <Button type="submit" block busy={pending}>Login</Button>
      <p className="auth-form__switch">
        New here?{' '}
        <button type="button" className="auth-form__link" onClick={() => setAuthTab('register')}>Create an account</button>
      </p>
    </form>
  );
}

function RegisterForm({ error, onRegistered }: { error: string | null; onRegistered: (email: string, message: string) => void }) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submit, pending] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const check = (await loadChecks()).checkRegister({ username, email, password });
      if (!check.ok) {
        setRegisterError(check.message);
        notify.error(check.message);
        return;
      }
      const message = await register(check.data.username, check.data.email, check.data.password);
      setRegisterError(null);
      notify.success(message);
      onRegistered(check.data.email, message);
    } catch (failure) {
      const message = errorMessage(failure);
      setRegisterError(message);
      notify.error(message);
    }
  });
  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)}>
      {error ? (
        <p className="auth-form__error" role="alert">{error}</p>
      ) : null}
      <div className="field">
        <label htmlFor="register-username">Username</label>
        <input id="register-username" className="input" name="username" autoComplete="username" required maxLength={40} value={username} onChange={(event) => setUsername(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="register-email">Email</label>
        <input id="register-email" className="input" type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="register-password">Password</label>
        <input
          id="register-password"
          className="input"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          aria-describedby="register-password-hint"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <span id="register-password-hint" className="auth-form__hint">At least {PASSWORD_MIN_LENGTH} characters.</span>
      </div>
      <Button type="submit" block busy={pending}>Register</Button>
      <p className="auth-form__switch">
        Already have an account?{' '}
        <button type="button" className="auth-form__link" onClick={() => setAuthTab('login')}>Login</button>
      </p>
    </form>
  );
}
