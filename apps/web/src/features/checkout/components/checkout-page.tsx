import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, Navigate, useNavigate } from 'react-router';
import { Banknote, CreditCard } from 'lucide-react';
import { GOVERNORATES, ONE_SIZE, type Governorate, type PaymentWay, type PaymobMethod } from '@shop/core/constants';
import type { BodyOf } from '@shop/core/endpoints';
import { checkBilling } from '@shop/core/forms';
import { MESSAGES, type BillingField } from '@shop/core/messages';
import { cartItemLine, formatEgp, priceCart, toEgp, toPiastres } from '@shop/core/money';
import { shortLine } from '@shop/core/stock';
import { truncateName } from '@shop/core/text';
import type { ConsentChoices } from '@shop/core/contract/privacy';
import { Button, buttonClass } from '../../../components/button.tsx';
import { allChoices, ConsentBoxes } from '../../../components/consent-boxes.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { CouponField } from '../../../components/coupon-field.tsx';
import { OrderSummary } from '../../../components/order-summary.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { rememberAnalyticsConsent } from '../../../lib/analytics-consent.ts';
import { ApiError, call } from '../../../lib/api-client.ts';
import { openAuthModal } from '../../../lib/auth-modal-store.ts';
import { chooseGovernorate, refetchCartPrice, suggestGovernorate, useCartPrice, useChosenGovernorate } from '../../../lib/cart-price.ts';
import { clearGuestCart, guestCartItems, guestLines, useGuestCart } from '../../../lib/guest-cart.ts';
import { accountPath, guestOrderPath } from '../../../lib/paths.ts';
import { paymentFlow } from '../../../lib/payment.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { focusField } from '../../../lib/focus.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { refetchCart, setCart, useCart } from '../../../lib/cart.ts';
import { usePublicConfig } from '../api/get-public-config.ts';
import { useLastOrder } from '../api/last-order.ts';
import { placeOrder } from '../api/place-order.ts';
import { startCheckout, type CheckoutAnswer } from '../api/start-checkout.ts';
import { AmountChangedError, useCardPayment } from '../api/use-card-payment.ts';
import { CardError, type CardEntry, type CardHolder } from '../card-entry.ts';
import { CardPayment } from './card-payment.tsx';
import { PaymobWay } from './paymob-way.tsx';
import { PixelPayment } from './pixel-payment.tsx';
import './checkout-page.css';
import { type UiText, digits, getLang, governorateName, localName, sentence, sizeLabel, t } from '../../../lib/i18n.ts';

type Billing = Record<BillingField, string>;
/** The billing fields as the form's check answers them (a real governorate). */
type CheckedBilling = Omit<BodyOf<'checkout'>, 'method' | 'couponCode' | 'lines' | 'totalPrice'>;

function cardHolder(billing: Billing): CardHolder {
  return {
    name: `${billing.firstName} ${billing.secondName}`.trim(),
    email: billing.email,
    phone: billing.phoneNumber,
    city: billing.city,
    address: billing.address,
    governorate: billing.Governorate,
  };
}

/** Cash, the card of SPEC's providers (sandbox, Stripe), or one of Paymob's ways (PRODUCT section 4). */
type Way = PaymentWay | PaymobMethod;

const isPaymob = (way: Way): way is PaymobMethod => way !== 'cash' && way !== 'credit';

/** A card paid in the page once the order is written (Paymob's Pixel), and where to go after. */
interface CardStep {
  answer: CheckoutAnswer;
  script: string;
  orderPath: string;
}

const FIELDS: { name: Exclude<BillingField, 'Governorate'>; label: UiText; type: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'secondName', label: 'Second name', type: 'text', autoComplete: 'family-name' },
  { name: 'phoneNumber', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

export function CheckoutPage() {
  useDocumentTitle(t('Checkout'));
  const user = useSession();
  // a visitor checks out the browser's cart (PRODUCT section 8, "Guest checkout"), in cash
  const visitor = user === null;
  const cart = useCart();
  const guest = useGuestCart();
  const navigate = useNavigate();
  const chosenGovernorate = useChosenGovernorate();
  const [billing, setBilling] = useState<Billing>({
    firstName: '', secondName: '', phoneNumber: '', email: user?.email ?? '', Governorate: chosenGovernorate, city: '', address: '',
  });
  // a returning customer's details from her last order (issue 42), each field hers to change; a field she has
  // already typed in is left as she typed it
  const lastOrder = useLastOrder(user?.id ?? null);
  const filled = useRef(false);
  useEffect(() => {
    if (!lastOrder || filled.current) return;
    filled.current = true;
    const governorate = (GOVERNORATES as readonly string[]).includes(lastOrder.Governorate) ? suggestGovernorate(lastOrder.Governorate as Governorate) : null;
    setBilling((current) => {
      const fill = (field: BillingField, value: string) => (current[field] === '' ? value : current[field]);
      return {
        ...current,
        firstName: fill('firstName', lastOrder.firstName),
        secondName: fill('secondName', lastOrder.secondName),
        phoneNumber: fill('phoneNumber', lastOrder.phoneNumber),
        city: fill('city', lastOrder.city),
        address: fill('address', lastOrder.address),
        Governorate: governorate ?? current.Governorate,
      };
    });
  }, [lastOrder]);
  const [way, setWay] = useState<Way>('cash');
  // marketing and analytics, each unticked until the shopper ticks it (PRODUCT section 9)
  const [consents, setConsents] = useState<ConsentChoices>({});
  // Paymob's ways, when the shop pays through Paymob: the config is read with the page to know which to offer
  const config = usePublicConfig();
  const paymob = config.data?.paymentProvider === 'paymob';
  const paymobMethods = paymob ? (config.data?.paymentMethods ?? []) : [];
  // a Paymob way is not charged the cash fee: its price is a card's
  const priceWay: PaymentWay = isPaymob(way) ? 'credit' : way;
  const [cardStep, setCardStep] = useState<CardStep | null>(null);
  // on the way to Paymob's page: the button stays busy until the browser leaves
  const [leaving, setLeaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errorBox = useRef<HTMLParagraphElement>(null);
  // the order's page, once the shopper went to Paymob's: Back from there shows the order, not a spent checkout
  const leftFor = useRef<string | null>(null);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && leftFor.current) navigate(leftFor.current, { replace: true });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [navigate]);
  const attemptKey = useRef(newIdempotencyKey());
  const placed = useRef(false);
  const cardEntry = useRef<CardEntry>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const cardPayment = useCardPayment();
  const fieldErrors = useFieldErrors<BillingField>('billing');

  const items = visitor ? guestCartItems(guest) : cart.data;
  const priced = priceCart(items ?? [], cartItemLine);
  const governorate = billing.Governorate as Governorate;
  const price = useCartPrice(governorate, priceWay, Boolean(items && items.length > 0) && !placed.current);
  const figures = price.data;
  // the server's price of the governorate and the way just chosen is on its way: the buttons that pay wait for it (a
  // tap before it would be refused, the prices having changed), and the shopper sees the total they pay
  const pricing = price.isLoading;
  useEffect(() => {
    // a refreshed cart is a new checkout attempt
    attemptKey.current = newIdempotencyKey();
  }, [items]);

  const [submit, processing] = useAction(async () => {
    // an order written for Paymob is this checkout's last (Enter in a field must not write another)
    if (!items || items.length === 0 || placed.current) return;
    const checked = fieldErrors.accept(checkBilling(billing));
    if (!checked) return;
    // the server's price for this governorate, way and code is what is paid
    if (!figures || figures.governorate !== governorate || figures.way !== priceWay) {
      notify.error(price.error?.message ?? MESSAGES.pricesChanged);
      return;
    }
    const total = toPiastres(figures.total);
    const couponCode = figures.couponCode;
    if (isPaymob(way)) {
      await payThroughPaymob(way, checked, figures.total, couponCode);
      return;
    }
    if (visitor) {
      try {
        const answer = await call('guestOrder', {
          body: { ...checked, wayForPayment: 'cash', totalPrice: figures.total, lines: guestLines(guest), ...(couponCode ? { couponCode } : {}), consents: allChoices(consents) },
        });
        placed.current = true;
        if (consents.analytics) rememberAnalyticsConsent(true);
        notify.success(answer.message ?? MESSAGES.orderPlaced);
        clearGuestCart();
        navigate(guestOrderPath(answer._id, answer.guestToken), { replace: true, state: { placed: true } });
      } catch (error) {
        notify.error(errorMessage(error));
        // the price or the stock changed: read both again
        if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
          invalidateQueries('quote:');
          invalidateQueries('guest-products:');
        }
      }
      return;
    }
    // a credit order is placed only with a payment that went through; any refusal stops here, cart kept
    let paymentIntentId: string | undefined;
    if (way === 'credit') {
      const entry = cardEntry.current;
      if (!entry) return;
      try {
        const payment = await cardPayment.pay(entry, total, cardHolder(checked), { governorate, couponCode });
        paymentIntentId = payment.paymentIntentId;
        setCardError(null);
        if (payment.charged) notify.success(MESSAGES.paymentSucceeded);
      } catch (error) {
        notify.error(errorMessage(error));
        if (error instanceof CardError) setCardError(error.message);
        if (error instanceof AmountChangedError) {
          refetchCart();
          refetchCartPrice();
        }
        return;
      }
    }
    try {
      const answer = await placeOrder(
        {
          ...checked,
          wayForPayment: way,
          totalPrice: figures.total,
          ...(couponCode ? { couponCode } : {}),
          productId: items.map((item) => item.product._id),
          quantaties: items.map((item) => item.quantaty),
          consents: allChoices(consents),
          ...(paymentIntentId ? { paymentIntentId } : {}),
        },
        attemptKey.current,
      );
      placed.current = true;
      if (consents.analytics) rememberAnalyticsConsent(true);
      notify.success(answer.message ?? MESSAGES.orderPlaced);
      setCart(() => []);
      refetchCart();
      // her order's page, as its confirmation: "Thank you" and its number first
      navigate(accountPath(user!.username, `my-orders/${encodeURIComponent(answer._id)}`), { replace: true, state: { placed: true } });
    } catch (error) {
      notify.error(errorMessage(error));
      // 402: the server will not take that payment for this order, so the next attempt opens a new one
      if (error instanceof ApiError && error.status === 402) cardPayment.forget();
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        refetchCart();
        refetchCartPrice();
      }
    }
  });

  /**
   * The order is written awaiting its payment (PRODUCT section 4), then paid: a card in this page (Pixel), a wallet or
   * a kiosk on Paymob's page, which sends the shopper back to the order's page. Any refusal stops here, cart kept.
   */
  async function payThroughPaymob(method: PaymobMethod, checked: CheckedBilling, totalPrice: number, couponCode: string | null) {
    setServerError(null);
    let answer: CheckoutAnswer;
    try {
      answer = await startCheckout(
        {
          ...checked,
          method,
          totalPrice,
          ...(couponCode ? { couponCode } : {}),
          consents: allChoices(consents),
          ...(visitor ? { lines: guestLines(guest) } : {}),
        },
        attemptKey.current,
      );
    } catch (error) {
      const message = errorMessage(error);
      notify.error(message);
      if (!fieldErrors.showServerMessage(message)) showServerError(message);
      // the server answered, so nothing was written: the next attempt is a new one (an unanswered one keeps its key)
      if (error instanceof ApiError && error.status >= 400) attemptKey.current = newIdempotencyKey();
      // the price or the stock changed: read both again
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        if (visitor) {
          invalidateQueries('quote:');
          invalidateQueries('guest-products:');
        } else {
          refetchCart();
          refetchCartPrice();
        }
      }
      return;
    }
    // the order is written: the cart it came from is empty now (the server emptied a customer's)
    placed.current = true;
    attemptKey.current = newIdempotencyKey();
    const orderPath =
      visitor && answer.guestToken
        ? guestOrderPath(answer.order._id, answer.guestToken)
        : user
          ? accountPath(user.username, `my-orders/${encodeURIComponent(answer.order._id)}`)
          : '/';
    if (visitor) clearGuestCart();
    else {
      setCart(() => []);
      refetchCart();
    }
    if (paymentFlow(method) === 'pixel' && config.data?.pixelScript) {
      setCardStep({ answer, script: config.data.pixelScript, orderPath });
      return;
    }
    setLeaving(true);
    leftFor.current = orderPath;
    window.location.assign(answer.checkoutUrl);
  }

  function showServerError(message: string) {
    flushSync(() => setServerError(sentence(message)));
    focusField(errorBox.current);
  }

  if (user?.isAdmin) return <Navigate to="/" replace />;
  if (cardStep) {
    return (
      <div className="page page--narrow">
        <h1 className="page-title">{t('Checkout')}</h1>
        <PixelPayment
          answer={cardStep.answer}
          script={cardStep.script}
          orderPath={cardStep.orderPath}
          onComplete={() => navigate(cardStep.orderPath, { replace: true })}
          onCancel={() => notify.error('Your card payment was not completed, please try again')}
        />
      </div>
    );
  }
  if (items && items.length === 0 && !placed.current) return <Navigate to="/" replace />;
  // a line whose size has fewer pieces left than it holds is fixed in the cart first (the cart flags it)
  if (items && items.some((item) => shortLine(item) !== null) && !placed.current) return <Navigate to="/cart" replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };
  const set = (field: BillingField) => (value: string) => {
    setBilling((current) => ({ ...current, [field]: value }));
    fieldErrors.clear(field);
    // the cart shows the same governorate's figures
    if (field === 'Governorate') chooseGovernorate(value as Governorate);
  };
  const choose = (next: Way) => {
    setWay(next);
    setCardError(null);
    setServerError(null);
  };
  const busy = processing || leaving;

  return (
    <div className="page">
      <ol className="breadcrumb" aria-label={t('Breadcrumb')}>
        <li><Link to="/cart">{t('Cart')}</Link></li>
        <li><span aria-current="page">{t('Checkout')}</span></li>
      </ol>
      <h1 className="page-title">{t('Checkout')}</h1>
      {serverError ? (
        <p ref={errorBox} className="checkout__error" tabIndex={-1}>
          {serverError}
        </p>
      ) : null}
      <form className="checkout" onSubmit={onSubmit} noValidate aria-busy={busy}>
          <section className="checkout__section checkout__billing" aria-labelledby="billing-title">
            <h2 id="billing-title" className="checkout__heading">{t('Billing details')}</h2>
            <div className="checkout__fields">
              {FIELDS.map((field) => (
                <FormField key={field.name} label={t(field.label)} field={fieldErrors.field(field.name)}>
                  {(control) => (
                    <input
                      {...control}
                      className="input"
                      name={field.name}
                      type={field.type}
                      autoComplete={field.autoComplete}
                      required
                      value={billing[field.name]}
                      onChange={(event) => set(field.name)(event.target.value)}
                    />
                  )}
                </FormField>
              ))}
              <FormField label={t('Governorate')} field={fieldErrors.field('Governorate')}>
                {(control) => (
                  <select
                    {...control}
                    className="select"
                    name="Governorate"
                    autoComplete="address-level1"
                    value={billing.Governorate}
                    onChange={(event) => set('Governorate')(event.target.value)}
                  >
                    {GOVERNORATES.map((governorate) => <option key={governorate} value={governorate}>{governorateName(governorate)}</option>)}
                  </select>
                )}
              </FormField>
              <FormField label={t('City')} field={fieldErrors.field('city')}>
                {(control) => (
                  <input {...control} className="input" name="city" autoComplete="address-level2" required value={billing.city} onChange={(event) => set('city')(event.target.value)} />
                )}
              </FormField>
              <FormField label={t('Address')} field={fieldErrors.field('address')} className="checkout__wide">
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    name="address"
                    autoComplete="street-address"
                    required
                    value={billing.address}
                    onChange={(event) => set('address')(event.target.value)}
                  />
                )}
              </FormField>
            </div>
            <div className="checkout__consents">
              <ConsentBoxes value={consents} onChange={setConsents} />
            </div>
          </section>

        {/* the order and its total before the payment and its "Place order": on a phone, read in this order */}
        <OrderSummary
          price={figures}
          error={price.error && !figures ? price.error.message : null}
          title={t('Your order')}
          code={<CouponField applied={figures?.couponCode ?? null} refused={figures?.codeRefused ?? figures?.couponMessage} governorate={governorate} way={priceWay} />}
        >
          {items ? (
            <ul className="checkout__items">
              {priced.lines.map(({ item, linePiastres }) => (
                <li key={item._id}>
                  <span className="checkout__thumb">
                    <ProductImage url={item.product.images[0] ?? item.imageProduct} alt="" sizes="56px" />
                    <span className="checkout__qty" aria-label={t('Quantity {count}', { count: item.quantaty })}>{digits(item.quantaty)}</span>
                  </span>
                  <span className="checkout__item-name">
                    <bdi>{truncateName(localName(item.product))}</bdi>
                    {item.size !== ONE_SIZE ? <span className="checkout__item-size">{t('Size: {size}', { size: sizeLabel(item.size) })}</span> : null}
                  </span>
                  <span className="tabular">{formatEgp(toEgp(linePiastres), getLang())}</span>
                </li>
              ))}
            </ul>
          ) : (
            <div className="skeleton" style={{ height: 64 }} aria-label={t('Loading your order')} />
          )}
        </OrderSummary>

          <section className="checkout__section checkout__payment" aria-labelledby="payment-title">
            <h2 id="payment-title" className="checkout__heading">{t('Payment')}</h2>
            <div className="payment-ways" role="radiogroup" aria-labelledby="payment-title">
              <div className={`payment-way${way === 'cash' ? ' payment-way--open' : ''}`}>
                <label className="payment-way__option">
                  <input type="radio" name="wayForPayment" value="cash" checked={way === 'cash'} aria-disabled={busy} onChange={() => !busy && choose('cash')} />
                  <Banknote size={20} aria-hidden="true" />
                  <span>{t('Cash on delivery')}</span>
                </label>
                {way === 'cash' ? (
                  <div className="payment-way__panel">
                    <p>{t('Pay with cash when your order is delivered. Please have the exact total ready.')}</p>
                    <Button type="submit" variant="primary" block busy={processing} disabled={!items || pricing}>
                      {processing ? t('Placing your order…') : t('Place order')}
                    </Button>
                  </div>
                ) : null}
              </div>
              {paymob ? (
                paymobMethods.map((method) => (
                  <PaymobWay key={method} method={method} chosen={way === method} busy={busy} onChoose={choose} disabled={!items || pricing} />
                ))
              ) : visitor ? (
                <p className="checkout__guest-note">
                  {sentence(MESSAGES.guestPaysCash)}{' '}
                  <button type="button" className={buttonClass('quiet', { small: true })} onClick={() => openAuthModal('login')}>{t('Login')}</button>
                </p>
              ) : (
              <div className={`payment-way${way === 'credit' ? ' payment-way--open' : ''}`}>
                <label className="payment-way__option">
                  <input type="radio" name="wayForPayment" value="credit" checked={way === 'credit'} aria-disabled={busy} onChange={() => !busy && choose('credit')} />
                  <CreditCard size={20} aria-hidden="true" />
                  <span>{t('Card')}</span>
                </label>
                {way === 'credit' ? (
                  <div className="payment-way__panel">
                    <CardPayment entry={cardEntry} processing={processing} error={cardError} onEdit={() => setCardError(null)} disabled={!items || pricing} />
                  </div>
                ) : null}
              </div>
              )}
            </div>
          </section>

      </form>
      {busy ? (
        <div className="checkout__processing" role="status">
          <span className="spinner" aria-hidden="true" />
          {leaving ? t('Taking you to the payment page…') : way === 'credit' ? t('Processing your payment…') : t('Processing your order…')}
        </div>
      ) : null}
    </div>
  );
}
