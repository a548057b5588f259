import { lazy, Suspense, useCallback, useEffect, useState, type Ref } from 'react';
import { Lock } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import { usePublicConfig } from '../api/get-public-config.ts';
import { CARD_FORM_UNAVAILABLE, type CardEntry } from '../card-entry.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';
import './card-payment.css';
import { t } from '../../../lib/i18n.ts';

// Stripe.js and its React bindings load only for a shop configured with Stripe; a chunk that fails to load
// (offline, a deploy in between) says so in the panel instead of breaking the page.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx').catch(() => ({ default: StripeFormUnavailable })));

function StripeFormUnavailable({ onUnavailable }: { onUnavailable: () => void }) {
  useEffect(onUnavailable, [onUnavailable]);
  return (
    <p className="card-form__error" role="alert">
      {CARD_FORM_UNAVAILABLE}
    </p>
  );
}

interface CardPaymentProps {
  /** The active provider's card element, for the checkout's Pay flow. */
  entry: Ref<CardEntry>;
  processing: boolean;
  /** The last refusal of the card, shown under the fields until the shopper edits them. */
  error: string | null;
  onEdit: () => void;
  /** Nothing to pay for yet (the cart is loading). */
  disabled: boolean;
}

/** The Credit way: the active provider's card element and the Pay button (a submit of the checkout form). */
export function CardPayment({ entry, processing, error, onEdit, disabled }: CardPaymentProps) {
  const config = usePublicConfig();
  const provider = config.data?.paymentProvider;
  const publishableKey = config.data?.publishableKey;
  const [stripeFailed, setStripeFailed] = useState(false);
  const onStripeUnavailable = useCallback(() => setStripeFailed(true), []);

  let form;
  const unavailable = (config.status === 'error' && !config.data) || (provider === 'stripe' && !publishableKey);
  if (unavailable) {
    form = (
      <div className="card-payment__unavailable" role="alert">
        <p>{t('Card payments could not be loaded. Please try again, or pay with cash.')}</p>
        <Button variant="secondary" small onClick={() => void config.refetch()}>{t('Try again')}</Button>
      </div>
    );
  } else if (provider === 'sandbox') {
    form = <SandboxCardForm ref={entry} disabled={processing} error={error} onEdit={onEdit} />;
  } else if (provider === 'stripe' && publishableKey) {
    form = (
      <Suspense fallback={<CardFormSkeleton />}>
        <StripeCardForm
          ref={entry}
          publishableKey={publishableKey}
          disabled={processing}
          error={error}
          onEdit={onEdit}
          onUnavailable={onStripeUnavailable}
        />
      </Suspense>
    );
  } else {
    form = <CardFormSkeleton />;
  }

  return (
    <div className="card-payment">
      {form}
      <Button type="submit" variant="primary" block busy={processing} disabled={disabled || !provider || unavailable || stripeFailed}>
        {processing ? t('Processing payment…') : t('Pay')}
      </Button>
      <p className="card-payment__secure">
        <Lock size={14} aria-hidden="true" />
        {t('Your order is placed only after your card payment goes through.')}
      </p>
    </div>
  );
}

function CardFormSkeleton() {
  return <div className="skeleton card-payment__skeleton" aria-label={t('Loading the card form')} role="status" />;
}
