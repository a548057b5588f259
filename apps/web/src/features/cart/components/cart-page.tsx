import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ShoppingBag, Trash2 } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import { cartItemLine, formatEgp, priceCart, toEgp, type Piastres } from '@shop/core/money';
import { ONE_SIZE } from '@shop/core/constants';
import type { CartItem } from '@shop/core/schemas';
import { shortLine } from '@shop/core/stock';
import { truncateName } from '@shop/core/text';
import { Button, buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OrderSummary } from '../../../components/order-summary.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { QuantityStepper } from '../../../components/quantity-stepper.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { productPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { openAuthModal } from '../../../lib/auth-modal-store.ts';
import { deleteAllCart, deleteCartItem, updateCartItem } from '../api/cart-mutations.ts';
import { useCart } from '../../../lib/cart.ts';
import './cart-page.css';

export function CartPage() {
  useDocumentTitle('Cart');
  const user = useSession();
  const cart = useCart();
  const items = user ? cart.data : [];

  const [clearAll, clearing] = useAction(async () => {
    try {
      notify.success((await deleteAllCart()) ?? MESSAGES.cartDeleted);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  if (user?.isAdmin) return <Navigate to="/" replace />;
  if (user && !items) {
    return (
      <div className="page">
        <h1 className="page-title">Your cart</h1>
        {cart.error ? (
          <EmptyState icon={<ShoppingBag size={32} />} title="Your cart could not be loaded" text={cart.error.message}
            action={<button type="button" className={buttonClass('secondary')} onClick={() => void cart.refetch()}>Try again</button>} />
        ) : (
          <div className="cart-skeleton" aria-busy="true" aria-label="Loading your cart">
            {[0, 1].map((index) => <div key={index} className="skeleton cart-skeleton__row" />)}
          </div>
        )}
      </div>
    );
  }

  if (user && items && items.length === 0) {
    return (
      <div className="page page--narrow">
        <h1 className="page-title">Your cart</h1>
        <EmptyState
          icon={<ShoppingBag size={32} />}
          title="Your cart is empty"
          text="Find something you love and it will wait for you here."
          action={<Link to="/shop" className={buttonClass('primary')}>Start shopping</Link>}
        />
      </div>
    );
  }

  const list = items ?? [];
  const priced = priceCart(list, cartItemLine);
  const blocked = list.some((item) => shortLine(item) !== null);
  return (
    <div className="page">
      <h1 className="page-title">Your cart</h1>
      {!user ? (
        <div className="cart-visitor" role="note">
          <p>Log in to add products to your cart and check out.</p>
          <Button variant="secondary" small onClick={() => openAuthModal('login')}>Login</Button>
        </div>
      ) : null}
      <div className="cart">
        <section aria-label="Products in your cart">
          <ul className="cart__list">
            {priced.lines.map(({ item, unitPiastres }) => <CartLine key={`${item._id}:${item.quantaty}`} item={item} unitPiastres={unitPiastres} />)}
          </ul>
          <div className="cart__footer">
            <Link to="/shop" className={buttonClass('quiet')}>Continue Shopping</Link>
            {list.length > 0 ? (
              <Button variant="danger" small onClick={() => void clearAll()} busy={clearing}>
                <Trash2 size={16} aria-hidden="true" />
                Delete all products
              </Button>
            ) : null}
          </div>
        </section>
        <OrderSummary cart={priced}>
          {blocked ? <p className="cart__blocked" role="status">Some sizes have fewer pieces left than your cart holds: please change those lines to check out.</p> : null}
          {list.length > 0 && !blocked ? (
            <Link to="/checkout" className={buttonClass('primary', { block: true })}>Check out</Link>
          ) : (
            <span className={buttonClass('primary', { block: true })} aria-disabled="true">Check out</span>
          )}
        </OrderSummary>
      </div>
    </div>
  );
}

function CartLine({ item, unitPiastres }: { item: CartItem; unitPiastres: Piastres }) {
  const [quantity, setQuantity] = useState(item.quantaty);
  const changed = quantity !== item.quantaty;
  const product = item.product;
  const name = product.name ?? item.nameProduct;
  const left = shortLine(item);

  const [update, updating] = useAction(async () => {
    try {
      notify.success((await updateCartItem(item._id, quantity)) ?? MESSAGES.itemUpdated);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  const [remove, removing] = useAction(async () => {
    try {
      notify.success((await deleteCartItem(item._id)) ?? MESSAGES.cartItemDeleted);
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
            <Link to={productPath(name)}>{truncateName(name)}</Link>
          </h2>
          <button type="button" className="icon-btn cart-line__remove" onClick={() => void remove()} disabled={removing} aria-label={`Remove ${name} from cart`}>
            <Trash2 size={18} aria-hidden="true" />
          </button>
        </div>
        {item.size !== ONE_SIZE ? <p className="cart-line__size">Size: {item.size}</p> : null}
        {left !== null ? (
          <p className="cart-line__stock" role="alert">
            {left === 0 ? `Size ${item.size} is sold out` : `Only ${left} left in size ${item.size}`}
          </p>
        ) : null}
        <p className="cart-line__price tabular">
          {formatEgp(toEgp(unitPiastres))}
          {product.disCountPrecent > 0 ? <s className="muted">{formatEgp(product.price)}</s> : null}
        </p>
        <div className="cart-line__controls">
          <QuantityStepper value={quantity} onChange={setQuantity} label={`Quantity of ${name}`} small />
          {changed ? (
            <Button variant="secondary" small onClick={() => void update()} busy={updating}>Update</Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
