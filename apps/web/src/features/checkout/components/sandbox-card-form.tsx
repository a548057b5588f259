import { useEffect, useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { CreditCard, FlaskConical } from 'lucide-react';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment.ts';
import { caretAfterDigits, digitsOf, formatCardNumber, formatCvc, formatExpiry, parseExpiry } from '../card-number.ts';
import { CardError, type CardEntry } from '../card-entry.ts';
import { t } from '../../../lib/i18n.ts';

type CardField = 'number' | 'expiry' | 'cvc';

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'paid' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
] as const;

/** Which field a processor's sentence is about, so that field is marked. */
function fieldOf(message: string): CardField | null {
  if (/security code/i.test(message)) return 'cvc';
  if (/expir/i.test(message)) return 'expiry';
  if (/card number/i.test(message)) return 'number';
  return null;
}

interface SandboxCardFormProps {
  ref: Ref<CardEntry>;
  disabled: boolean;
  /** The last refusal of the card, shown under the fields until the shopper edits them. */
  error: string | null;
  onEdit: () => void;
}

/** The sandbox processor's own card element: number, expiry and CVC, sent to the shop's sandbox to charge. */
export function SandboxCardForm({ ref, disabled, error, onEdit }: SandboxCardFormProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const current = useRef(card);
  current.current = card;
  const numberInput = useRef<HTMLInputElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      missing: () => null,
      async confirm(clientSecret) {
        const { number, expiry, cvc } = current.current;
        try {
          await confirmSandboxPayment({ client_secret: clientSecret, cardNumber: digitsOf(number), ...parseExpiry(expiry), cvc });
        } catch (error) {
          // 400 is a malformed field, 402 a decline: both are about the card and carry the sentence to show
          if (error instanceof ApiError && (error.status === 400 || error.status === 402)) throw new CardError(error.message);
          throw error;
        }
      },
    }),
    [],
  );

  const update = (field: CardField, value: string) => {
    setCard((previous) => ({ ...previous, [field]: value }));
    if (error) onEdit();
  };

  const onNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    // keep the caret after the same digit when a space is added or removed in front of it
    const digitsBefore = digitsOf(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
    const formatted = formatCardNumber(input.value);
    update('number', formatted);
    const atEnd = (input.selectionStart ?? input.value.length) >= input.value.length;
    if (!atEnd) {
      requestAnimationFrame(() => {
        const caret = caretAfterDigits(formatted, digitsBefore);
        input.setSelectionRange(caret, caret);
      });
    }
  };

  const fillTestCard = (number: string) => {
    update('number', number);
    numberInput.current?.focus();
  };

  const invalid = error ? fieldOf(error) : null;
  // a refused card puts the focus on the field the refusal names (the card number when it names none), once the
  // fields are usable again: the Pay button the shopper pressed is not where the problem is
  const focusedError = useRef<string | null>(null);
  useEffect(() => {
    if (!error) focusedError.current = null;
    if (!error || disabled || focusedError.current === error) return;
    focusedError.current = error;
    document.getElementById(invalid ? `card-${invalid}` : 'card-number')?.focus();
  }, [error, disabled, invalid]);
  const describedBy = (field: CardField, ...ids: string[]) => [...ids, invalid === field || (error && !invalid) ? 'card-error' : ''].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="card-form" disabled={disabled}>
      <legend className="visually-hidden">{t('Card details')}</legend>
      <div className="field">
        <label htmlFor="card-number">{t('Card number')}</label>
        <div className="card-form__number">
          <CreditCard size={20} aria-hidden="true" />
          <input
            ref={numberInput}
            id="card-number"
            className="input tabular"
            name="cardNumber"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            spellCheck={false}
            aria-invalid={invalid === 'number' || undefined}
            aria-describedby={describedBy('number')}
            value={card.number}
            onChange={onNumber}
          />
        </div>
      </div>
      <div className="card-form__row">
        <div className="field">
          <label htmlFor="card-expiry">{t('Expiry date')}</label>
          <input
            id="card-expiry"
            className="input tabular"
            name="cardExpiry"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('MM/YY')}
            maxLength={7}
            aria-invalid={invalid === 'expiry' || undefined}
            aria-describedby={describedBy('expiry', 'card-expiry-hint')}
            value={card.expiry}
            onChange={(event) => update('expiry', formatExpiry(event.target.value))}
          />
          <span id="card-expiry-hint" className="visually-hidden">{t('Month and year, as MM/YY')}</span>
        </div>
        <div className="field">
          <label htmlFor="card-cvc">{t('CVC')}</label>
          <input
            id="card-cvc"
            className="input tabular"
            name="cardCvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            aria-invalid={invalid === 'cvc' || undefined}
            aria-describedby={describedBy('cvc', 'card-cvc-hint')}
            value={card.cvc}
            onChange={(event) => update('cvc', formatCvc(event.target.value, digitsOf(card.number)))}
          />
          <span id="card-cvc-hint" className="visually-hidden">{t('The 3 digits on the back of the card, 4 on the front for American Express')}</span>
        </div>
      </div>
      {error ? (
        <p id="card-error" className="card-form__error">
          {error}
        </p>
      ) : null}
      <div className="card-form__note" role="note" aria-labelledby="test-cards-title">
        <p id="test-cards-title" className="card-form__note-title">
          <FlaskConical size={16} aria-hidden="true" />
          {t('Test mode: no real card is charged')}
        </p>
        <p>{t('Any future expiry date and any 3-digit CVC will do. Tap a number to use it:')}</p>
        <ul className="card-form__test-cards">
          {TEST_CARDS.map((test) => (
            <li key={test.number}>
              <button type="button" className="card-form__test-card" onClick={() => fillTestCard(test.number)} aria-label={`Use test card ${test.number} (${test.outcome})`}>
                <span className="tabular">{test.number}</span>{' '}
                <span className="card-form__outcome">({test.outcome})</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </fieldset>
  );
}
