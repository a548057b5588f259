// Loaded only when the shop's provider is Stripe (a dynamic import), so Stripe.js never reaches the sandbox shop.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementChangeEvent, type StripeCardElementOptions } from '@stripe/stripe-js';
import { CARD_FORM_UNAVAILABLE, CARD_NUMBER_REQUIRED, CardError, type CardEntry } from '../card-entry.ts';
import { getLang, t } from '../../../lib/i18n.ts';

export interface StripeCardFormProps {
  ref: Ref<CardEntry>;
  publishableKey: string;
  disabled: boolean;
  error: string | null;
  onEdit: () => void;
  /** Stripe.js could not be loaded (offline, blocked): the checkout cannot take a card. */
  onUnavailable: () => void;
}

// one Stripe.js per key for the life of the page (Stripe asks not to recreate it on every render)
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: getLang() }).catch(() => {
      stripes.delete(publishableKey);
      return null;
    });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

const FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  disableLink: true,
  style: {
    base: { fontFamily: FONT, fontSize: '16px', lineHeight: '24px', color: '#1c1917', iconColor: '#625c56', '::placeholder': { color: '#625c56' } },
    invalid: { color: '#b42318', iconColor: '#b42318' },
  },
};

/** Stripe's card element; Stripe.js confirms the payment in the browser (3-D Secure included). */
export default function StripeCardForm({ publishableKey, onUnavailable, ...props }: StripeCardFormProps) {
  // one attempt per mount; choosing Credit again after a failure tries once more
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (live && loaded === null) {
        setFailed(true);
        onUnavailable();
      }
    });
    return () => {
      live = false;
    };
  }, [stripe, onUnavailable]);

  if (failed) {
    return (
      <p className="card-form__error" role="alert">
        {CARD_FORM_UNAVAILABLE}
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ locale: getLang() }}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ ref, disabled, error, onEdit }: Omit<StripeCardFormProps, 'publishableKey' | 'onUnavailable'>) {
  const stripe = useStripe();
  const elements = useElements();
  const empty = useRef(true);
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);
  // Stripe's own sentence while typing ("Your card number is invalid."), until the number is fixed
  const [typingError, setTypingError] = useState<string | null>(null);
  const shown = error ?? typingError;

  useImperativeHandle(
    ref,
    () => ({
      missing: () => (empty.current ? CARD_NUMBER_REQUIRED : null),
      async confirm(clientSecret, holder) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new Error('The card form is still loading, please try again');
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: {
            card,
            billing_details: {
              name: holder.name,
              email: holder.email,
              phone: holder.phone,
              address: { line1: holder.address, city: holder.city, state: holder.governorate, country: 'EG' },
            },
          },
        });
        if (result.error) {
          // a second confirm of an intent that already went through: it is paid, go on to the order
          if (result.error.payment_intent?.status === 'succeeded') return;
          const message = result.error.message ?? 'Your card was declined.';
          // card and validation errors are about what was typed; anything else (network, API) is not
          throw result.error.type === 'card_error' || result.error.type === 'validation_error' ? new CardError(message) : new Error(message);
        }
        if (result.paymentIntent.status !== 'succeeded') throw new CardError('Your card payment was not completed, please try again');
      },
    }),
    [stripe, elements],
  );

  const onChange = (event: StripeCardElementChangeEvent) => {
    empty.current = event.empty;
    setTypingError(event.error?.message ?? null);
    if (error) onEdit();
  };

  return (
    <fieldset className="card-form" disabled={disabled}>
      <legend className="card-form__legend">{t('Card details')}</legend>
      <div
        className={`card-form__stripe${focused ? ' card-form__stripe--focus' : ''}${shown ? ' card-form__stripe--invalid' : ''}`}
        aria-busy={!ready}
      >
        <CardElement
          options={{ ...CARD_OPTIONS, disabled }}
          onReady={() => setReady(true)}
          onChange={onChange}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      </div>
      {shown ? <p className="card-form__error">{shown}</p> : null}
      <p className="card-form__secure">{t('Your card details go straight to Stripe; the shop never sees them.')}</p>
    </fieldset>
  );
}
