import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '@shop/core/contract/privacy';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { t } from '../../../lib/i18n.ts';
import { setQueryData } from '../../../lib/query.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { disableTwoFactor, enableTwoFactor, startTwoFactor, useTwoFactorOn } from '../api/privacy.ts';

/** Two-step sign-in for staff and admins (PRODUCT section 9): set up with a QR code, ten recovery codes shown once. */
export function TwoFactorSection({ userId }: { userId: string }) {
  const on = useTwoFactorOn(userId);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const markOn = (value: boolean) => setQueryData(`two-factor:${userId}`, (profile: { twoFactor?: boolean } | undefined) => ({ ...profile, twoFactor: value }));

  const [begin, beginning] = useAction(async () => {
    try {
      setSetup(await startTwoFactor());
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <section className="account-section" aria-labelledby="two-step-title">
      <h2 id="two-step-title" className="account-section__title">{t('Two-step sign-in')}</h2>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : on ? (
        <TurnOffForm onOff={() => markOn(false)} />
      ) : setup ? (
        <TurnOnForm
          setup={setup}
          onOn={(codes) => {
            setRecoveryCodes(codes);
            setSetup(null);
            markOn(true);
          }}
        />
      ) : (
        <>
          <p>{t('Protect your staff account with a code from an authenticator app, asked after your password.')}</p>
          <Button type="button" variant="secondary" busy={beginning} disabled={on === undefined} onClick={() => void begin()}>{t('Set up two-step sign-in')}</Button>
        </>
      )}
    </section>
  );
}

function TurnOnForm({ setup, onOn }: { setup: TwoFactorSetup; onOn: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const fieldErrors = useFieldErrors<'code'>('two-step-on');
  const [turnOn, turningOn] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const codes = await enableTwoFactor(code);
      notify.success(t('Two-step sign-in is on.'));
      onOn(codes);
    } catch (error) {
      notify.error(errorMessage(error));
      fieldErrors.showServerMessage(errorMessage(error));
    }
  });
  return (
    <form className="account-form" noValidate onSubmit={(event) => void turnOn(event)}>
      <p>{t('Scan this code with your authenticator app, or type the key below, then enter the code it shows.')}</p>
      <img className="two-step__qr" src={setup.qrCode} alt={t('QR code for your authenticator app')} width={200} height={200} />
      <p>
        {t('Key')}: <code className="two-step__key" dir="ltr">{setup.secret}</code>
      </p>
      <TextField label={t('Verification code')} field={fieldErrors.field('code')} name="code" inputMode="numeric" autoComplete="one-time-code" required value={code} onValue={setCode} />
      <Button type="submit" busy={turningOn}>{t('Turn on')}</Button>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="account-form">
      <p ref={heading} tabIndex={-1} role="status">{t('Two-step sign-in is on.')}</p>
      <p>{t('Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.')}</p>
      <ul className="two-step__codes" dir="ltr">
        {codes.map((code) => <li key={code}><code>{code}</code></li>)}
      </ul>
    </div>
  );
}

function TurnOffForm({ onOff }: { onOff: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const fieldErrors = useFieldErrors<'currentPassword' | 'code'>('two-step-off');
  const [turnOff, turningOff] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      notify.success(await disableTwoFactor(password, code));
      onOff();
    } catch (error) {
      notify.error(errorMessage(error));
      fieldErrors.showServerMessage(errorMessage(error));
    }
  });
  return (
    <form className="account-form" noValidate onSubmit={(event) => void turnOff(event)}>
      <p>{t('Two-step sign-in is on.')}</p>
      <TextField label={t('Password')} field={fieldErrors.field('currentPassword')} type="password" name="two-step-password" autoComplete="current-password" required value={password} onValue={setPassword} />
      <TextField label={t('Verification code')} field={fieldErrors.field('code')} name="two-step-code" autoComplete="one-time-code" required value={code} onValue={setCode} />
      <Button type="submit" variant="secondary" busy={turningOff}>{t('Turn off two-step sign-in')}</Button>
    </form>
  );
}
