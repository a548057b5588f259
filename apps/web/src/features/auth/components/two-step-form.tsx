import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { t } from '../../../lib/i18n.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { loginWithCode } from '../api/auth-calls.ts';

/** The second step of a sign-in (PRODUCT section 9): a code of the authenticator app, or a recovery code. */
export function TwoStepForm({ ticket, onBack }: { ticket: string; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const fieldErrors = useFieldErrors<'code'>('two-step');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [submit, pending] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      setFailure(null);
      await loginWithCode(ticket, code);
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      notify.error(message);
      fieldErrors.showServerMessage(message);
    }
  });
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <h3 ref={heading} tabIndex={-1} className="auth-form__step">{t('Two-step sign-in')}</h3>
      <p className="auth-form__notice">{t('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')}</p>
      {failure ? <p className="auth-form__error" role="alert">{failure}</p> : null}
      <TextField label={t('Verification code')} field={fieldErrors.field('code')} name="code" autoComplete="one-time-code" required value={code} onValue={setCode} />
      <Button type="submit" block busy={pending}>{t('Verify')}</Button>
      <p className="auth-form__switch">
        <button type="button" className="auth-form__link" onClick={onBack}>{t('Back')}</button>
      </p>
    </form>
  );
}
