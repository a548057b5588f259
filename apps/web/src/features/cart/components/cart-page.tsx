import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ShoppingBag, Trash2 } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import { cartItemLine, formatEgp, priceCart, toEgp, type Piastres } from '@shop/core/money';
import { GOVERNORATES, ONE_SIZE, type Governorate } from '@shop/core/constants';
import type { CartItem } from '@shop/core/contract/cart';
import type { Product } from '@shop/core/contract/catalog';
import { shortLine } from '@shop/core/stock';
import { truncateName } from '@shop/core/text';
import { Button, buttonClass, ignoreWhen } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CouponField } from '../../../components/coupon-field.tsx';
import { OrderSummary } from '../../../components/order-summary.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { QuantityStepper } from '../../../components/quantity-stepper.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { focusElement, focusLost, focusPageHeading } from '../../../lib/focus.ts';
import { productPath } from '../../../lib/paths.ts';
import { chooseGovernorate, useCartPrice, useChosenGovernorate } from '../../../lib/cart-price.ts';
import { clearGuestCart, guestCartItems, refreshGuestProducts, removeGuestLine, setGuestQuantity, useGuestCart } from '../../../lib/guest-cart.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { openAuthModal } from '../../../lib/auth-modal-store.ts';
import { deleteAllCart, deleteCartItem, updateCartItem } from '../api/cart-mutations.ts';
import { useCart } from '../../../lib/cart.ts';
import './cart-page.css';
import { getLang, governorateName, localName, plural, sizeLabel, t } from '../../../lib/i18n.ts';

interface CartActions {
  update(itemId: string, quantity: number): Promise<string | undefined>;
  remove(itemId: string): Promise<string | undefined>;
  clear(): Promise<string | undefined>;
}

const customerCart: CartActions = { update: updateCartItem, remove: deleteCartItem, clear: deleteAllCart };

// a visitor's cart is the browser's (lib/guest-cart.ts), checked with the add call's rules
const visitorCart: CartActions = {
  update: async (itemId, quantity) => {
    setGuestQuantity(itemId, quantity);
    return MESSAGES.itemUpdated;
  },
  remove: async (itemId) => {
    removeGuestLine(itemId);
    return MESSAGES.cartItemDeleted;
  },
  clear: async () => {
    clearGuestCart();
    return MESSAGES.cartDeleted;
  },
};

export function CartPage() {
  useDocumentTitle(t('Cart'));
  const user = useSession();
  if (user?.isAdmin) return <Navigate to="/" replace />;
  return user ? <CustomerCart /> : <VisitorCart />;
}

function CustomerCart() {
  const cart = useCart();
  const items = cart.data;
  if (!items) {
    return (
      <div className="page">
        <h1 className="page-title">{t('Your cart')}</h1>
        {cart.error ? (
          <EmptyState icon={<ShoppingBag size={32} />} title={t('Your cart could not be loaded')} text={cart.error.message}
            action={<button type="button" className={buttonClass('secondary')} onClick={() => void cart.refetch()}>{t('Try again')}</button>} />
        ) : (
          <div className="cart-skeleton" aria-busy="true" aria-label={t('Loading your cart')}>
            {[0, 1].map((index) => <div key={index} className="skeleton cart-skeleton__row" />)}
          </div>
        )}
      </div>
    );
  }
  return <CartView items={items} actions={customerCart} />;
}

function VisitorCart() {
  const guest = useGuestCart();
  return <CartView items={guestCartItems(guest)} actions={visitorCart} visitor />;
}

function CartView({ items, actions, visitor = false }: { items: CartItem[]; actions: CartActions; visitor?: boolean }) {
  const list = useRef<HTMLUListElement>(null);
  const governorate = useChosenGovernorate();
  const price = useCartPrice(governorate, 'cash', items.length > 0);
  // a visitor's lines as the quote read them (price, stock, names): kept in the browser's cart; a product gone is dropped
  const quoted = visitor ? price.data : undefined;
  useEffect(() => {
    if (!quoted?.items) return;
    const read = new Map<string, Product | null>(quoted.items.map((item) => [item.product._id, item.product]));
    for (const id of quoted.missing ?? []) if (!read.has(id)) read.set(id, null);
    refreshGuestProducts(read);
  }, [quoted]);
  // after a line is removed, the focus goes to the line now in its place (or the one before, or the heading), in the
  // same frame as the removal (a layout effect): the focus is never on <body>, not even for a frame
  const [removedAt, setRemovedAt] = useState<{ index: number } | null>(null);
  useLayoutEffect(() => {
    if (!removedAt || !focusLost()) return;
    const names = list.current?.querySelectorAll<HTMLElement>('.cart-line__name a') ?? [];
    if (!focusElement(names[Math.min(removedAt.index, names.length - 1)])) focusPageHeading();
    setRemovedAt(null);
  }, [removedAt, items]);

  const [clearAll, clearing] = useAction(async () => {
    try {
      notify.success((await actions.clear()) ?? MESSAGES.cartDeleted);
      setRemovedAt({ index: 0 });
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  const loginNote = visitor ? (
    <div className="cart-visitor" role="note">
      <p>{t('Have an account? Log in to keep your cart on every device.')}</p>
      <Button variant="secondary" small onClick={() => openAuthModal('login')}>{t('Login')}</Button>
    </div>
  ) : null;

  if (items.length === 0) {
    return (
      <div className="page page--narrow">
        <h1 className="page-title">{t('Your cart')}</h1>
        {loginNote}
        <EmptyState
          icon={<ShoppingBag size={32} />}
          title={t('Your cart is empty')}
          text={t('Find something you love and it will wait for you here.')}
          action={<Link to="/shop" className={buttonClass('primary')}>{t('Start shopping')}</Link>}
        />
      </div>
    );
  }

  const priced = priceCart(items, cartItemLine);
  const blocked = items.some((item) => shortLine(item) !== null);
  const figures = price.data;
  return (
    <div className="page">
      <h1 className="page-title">{t('Your cart')}</h1>
      {loginNote}
      <div className="cart">
        <section aria-label={t('Products in your cart')}>
          <ul className="cart__list" ref={list}>
            {priced.lines.map(({ item, unitPiastres }, index) => (
              <CartLine key={item._id} item={item} unitPiastres={unitPiastres} actions={actions} onRemoved={() => setRemovedAt({ index })} />
            ))}
          </ul>
          <div className="cart__footer">
            <Link to="/shop" className={buttonClass('quiet')}>{t('Continue Shopping')}</Link>
            <Button variant="danger" small onClick={() => void clearAll()} busy={clearing}>
              <Trash2 size={16} aria-hidden="true" />
              {t('Remove everything from your cart')}
            </Button>
          </div>
        </section>
        <OrderSummary
          price={figures}
          error={price.error && !figures ? price.error.message : null}
          code={<CouponField applied={figures?.couponCode ?? null} refused={figures?.codeRefused ?? figures?.couponMessage} governorate={governorate} way="cash" />}
        >
          <GovernorateSelect value={governorate} onChange={chooseGovernorate} />
          {blocked ? <p className="cart__blocked" role="status">{t('Some sizes have fewer pieces left than your cart holds: please change those lines to check out.')}</p> : null}
          {!blocked ? (
            <Link to="/checkout" className={buttonClass('primary', { block: true })}>{t('Check out')}</Link>
          ) : (
            <span className={buttonClass('primary', { block: true })} aria-disabled="true">{t('Check out')}</span>
          )}
        </OrderSummary>
      </div>
    </div>
  );
}

/** Where the cart is to be delivered: the summary's fee and days follow it, and the checkout starts from it. */
function GovernorateSelect({ value, onChange }: { value: Governorate; onChange: (governorate: Governorate) => void }) {
  return (
    <div className="field">
      <label htmlFor="cart-governorate">{t('Deliver to')}</label>
      <select id="cart-governorate" className="select" value={value} onChange={(event) => onChange(event.target.value as Governorate)}>
        {GOVERNORATES.map((governorate) => <option key={governorate} value={governorate}>{governorateName(governorate)}</option>)}
      </select>
    </div>
  );
}

function CartLine({ item, unitPiastres, actions, onRemoved }: { item: CartItem; unitPiastres: Piastres; actions: CartActions; onRemoved: () => void }) {
  const [quantity, setQuantity] = useState(item.quantaty);
  // the line keeps its identity when its saved quantity changes; the stepper follows what the server kept
  const [saved, setSaved] = useState(item.quantaty);
  if (saved !== item.quantaty) {
    setSaved(item.quantaty);
    setQuantity(item.quantaty);
  }
  const quantityId = `cart-quantity-${item._id}`;
  const changed = quantity !== item.quantaty;
  const product = item.product;
  const name = (product.name ? localName(product) : undefined) ?? item.nameProduct;
  const left = shortLine(item);

  const [update, updating] = useAction(async () => {
    try {
      const message = await actions.update(item._id, quantity);
      // the Update button goes away once the quantity is saved: the focus stays on this line's quantity
      focusElement(document.getElementById(quantityId));
      notify.success(message ?? MESSAGES.itemUpdated);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  const [remove, removing] = useAction(async () => {
    try {
      const message = await actions.remove(item._id);
      onRemoved();
      notify.success(message ?? MESSAGES.cartItemDeleted);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <li className="cart-line">
      <Link to={productPath(name)} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        <ProductImage url={product.images[0] ?? item.imageProduct} alt="" sizes="120px" />
      </Link>
      <div className="cart-line__body">
        <div className="cart-line__top">
          <h2 className="cart-line__name">
            <Link to={productPath(name)} dir="auto">{truncateName(name)}</Link>
          </h2>
          <button type="button" className="icon-btn cart-line__remove" onClick={ignoreWhen(removing, () => void remove())} aria-disabled={removing || undefined} aria-busy={removing || undefined} aria-label={t('Remove {name} from cart', { name })}>
            <Trash2 size={18} aria-hidden="true" />
          </button>
        </div>
        {item.size !== ONE_SIZE ? <p className="cart-line__size">{t('Size: {size}', { size: sizeLabel(item.size) })}</p> : null}
        {left !== null ? (
          <p className="cart-line__stock" role="alert">
            {left === 0 ? t('Size {size} is sold out', { size: sizeLabel(item.size) }) : plural('Only {count} left in size {size}', left, { size: sizeLabel(item.size) })}
          </p>
        ) : null}
        <p className="cart-line__price tabular">
          {formatEgp(toEgp(unitPiastres), getLang())}
          {product.disCountPrecent > 0 ? <s className="muted">{formatEgp(product.price, getLang())}</s> : null}
        </p>
        <div className="cart-line__controls">
          <QuantityStepper id={quantityId} value={quantity} onChange={setQuantity} label={t('Quantity of {name}', { name })} small />
          {changed ? (
            <Button variant="secondary" small onClick={() => void update()} busy={updating}>{t('Update')}</Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
