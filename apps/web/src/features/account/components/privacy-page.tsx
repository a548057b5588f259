import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { ConsentChoices } from '@shop/core/contract/privacy';
import { BackLink } from '../../../components/back-link.tsx';
import { Button } from '../../../components/button.tsx';
import { ConsentBoxes } from '../../../components/consent-boxes.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAccountOwner } from '../../../lib/account-owner.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { t } from '../../../lib/i18n.ts';
import { accountPath } from '../../../lib/paths.ts';
import { setQueryData } from '../../../lib/query.ts';
import { roleOf } from '../../../lib/session.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { consentsKey, deleteMyAccount, downloadMyData, updateConsents, useConsents } from '../api/privacy.ts';
import { TwoFactorSection } from './two-factor-section.tsx';
import './account.css';

/** Privacy & data (PRODUCT section 9): her consents, her data to take, her account to delete; staff's second step. */
export function PrivacyPage() {
  const user = useAccountOwner();
  useDocumentTitle(t('Privacy & data'));
  if (!user) return <Navigate to="/" replace />;
  return (
    <div className="page">
      <BackLink to={accountPath(user.username)}>{t('My Account')}</BackLink>
      <h1 className="page-title">{t('Privacy & data')}</h1>
      <ConsentsForm />
      {roleOf(user) !== 'customer' ? <TwoFactorSection userId={user._id} /> : null}
      <section className="account-section" aria-labelledby="my-data-title">
        <h2 id="my-data-title" className="account-section__title">{t('Your data')}</h2>
        <p>{t('Download everything we hold about you as one file.')}</p>
        <DownloadButton />
      </section>
      <DeleteAccountForm />
    </div>
  );
}

function ConsentsForm() {
  const { data } = useConsents();
  return (
    <section className="account-section" aria-labelledby="choices-title">
      <h2 id="choices-title" className="account-section__title">{t('Your choices')}</h2>
      {/* her choices as the shop holds them, before a box can be ticked: a tick made earlier was undone when they came */}
      {data ? <ConsentChoicesForm saved={data} /> : <div className="skeleton" aria-busy="true" aria-label={t('Loading your choices')} />}
    </section>
  );
}

function ConsentChoicesForm({ saved }: { saved: ConsentChoices }) {
  const [choices, setChoices] = useState<ConsentChoices>({ marketingEmail: saved.marketingEmail, marketingWhatsapp: saved.marketingWhatsapp, analytics: saved.analytics });
  const [save, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const answer = await updateConsents(choices);
      setQueryData(consentsKey, answer);
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <form className="account-form" noValidate onSubmit={(event) => void save(event)}>
      <ConsentBoxes value={choices} onChange={setChoices} legend={t('Your choices')} />
      <Button type="submit" busy={saving}>{t('Save choices')}</Button>
    </form>
  );
}

function DownloadButton() {
  const [download, downloading] = useAction(async () => {
    try {
      await downloadMyData();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <Button type="button" variant="secondary" busy={downloading} onClick={() => void download()}>
      {t('Download my data')}
    </Button>
  );
}

function DeleteAccountForm() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldErrors = useFieldErrors<'currentPassword'>('delete-account');
  const [erase, erasing] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      setRefusal(null);
      const message = await deleteMyAccount(password);
      signOut();
      notify.success(message);
      navigate('/', { replace: true });
    } catch (error) {
      const message = errorMessage(error);
      notify.error(message);
      if (!fieldErrors.showServerMessage(message)) setRefusal(message);
    }
  });
  return (
    <section className="account-section" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="account-section__title">{t('Delete my account')}</h2>
      <p>{t('Your orders stay in our books with your name, email, phone and address removed; everything else about you is erased. This cannot be undone.')}</p>
      {refusal ? <p className="account-form__refusal" role="alert">{refusal}</p> : null}
      <form className="account-form" noValidate onSubmit={(event) => void erase(event)}>
        <TextField
          label={t('Password')}
          field={fieldErrors.field('currentPassword')}
          type="password"
          name="delete-password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        <Button type="submit" variant="danger" busy={erasing}>{t('Delete my account permanently')}</Button>
      </form>
    </section>
  );
}
