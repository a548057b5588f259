import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ShoppingBag, Truck } from 'lucide-react';
import { FIRST_SCREEN_MESSAGES } from '@shop/core/first-screen-messages';
import { formatEgp } from '@shop/core/money';
import { Button, buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ImageCarousel } from '../../../components/image-carousel.tsx';
import { Price } from '../../../components/price.tsx';
import { ProductGrid } from '../../../components/product-grid.tsx';
import { QuantityStepper } from '../../../components/quantity-stepper.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { shopPath } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { addToCart } from '../../../lib/cart.ts';
import { useShipping } from '../api/get-shipping.ts';
import { lowestFee } from '../delivery-reach.ts';
import { WishlistButton } from '../../../components/wishlist-button.tsx';
import { useProduct, useRelatedProducts } from '../api/get-product.ts';
import { sizeAvailable } from '@shop/core/stock';
import { ColourSwatches } from './colour-swatches.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { SizeGuide } from './size-guide.tsx';
import { SizePicker } from './size-picker.tsx';
import './product-page.css';
import { getLang, getLocale, localCategory, localDescription, localName, plural, sentence, t } from '../../../lib/i18n.ts';

// loaded when a sold-out size is chosen: the page's first load stays within its 70 kB (issue 32)
const BackInStock = lazy(() => import('./back-in-stock.tsx').then((module) => ({ default: module.BackInStock })));

export function ProductPage() {
  const { productName = '' } = useParams();
  // a new product starts with a fresh quantity
  return <ProductView key={productName} productName={productName} />;
}

function ProductView({ productName }: { productName: string }) {
  const product = useProduct(productName);
  const related = useRelatedProducts(product.data ? product.data._id : null);
  const shipping = useShipping();
  // undefined until the table is read (the server's page carries it); null when no governorate is delivered to
  const fromFee = shipping.data && lowestFee(shipping.data);
  const user = useSession();
  const [quantity, setQuantity] = useState(1);
  const [chosenSize, setChosenSize] = useState<string | null>(null);
  const [sizeError, setSizeError] = useState<string | null>(null);
  // a one-size product needs no choice
  const onlySize = product.data?.sizes.length === 1 ? product.data.sizes[0]!.size : null;
  const size = onlySize ?? chosenSize;
  // a sold-out size can be chosen: it cannot be added, the shopper may ask to hear when it is back
  const chosenEntry = product.data?.sizes.find((entry) => entry.size === size);
  const soldOutChosen = chosenEntry !== undefined && !sizeAvailable(chosenEntry);
  useDocumentTitle(product.data ? localName(product.data) : product.error ? t('Product not found') : null);

  const [add, adding] = useAction(async () => {
    if (!product.data) return;
    if (!size) {
      setSizeError(FIRST_SCREEN_MESSAGES.chooseSize);
      notify.warning(FIRST_SCREEN_MESSAGES.chooseSize);
      return;
    }
    try {
      // a visitor's cart is kept in the browser (PRODUCT section 8), with the same rules
      const message = user
        ? await addToCart(product.data._id, quantity, size)
        : (await import('../../../lib/guest-cart.ts')).addToGuestCart(product.data, size, quantity);
      notify.success(message ?? FIRST_SCREEN_MESSAGES.cartItemAdded);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  if (product.error && !product.data) {
    const notFound = 'status' in product.error && product.error.status === 404;
    return (
      <div className="page page--narrow">
        <EmptyState
          icon={<ShoppingBag size={32} />}
          title={notFound ? t('Product not found') : t('This product could not be loaded')}
          text={notFound ? t('It may have been renamed or sold out for good.') : sentence(product.error.message)}
          action={<Link to="/shop" className={buttonClass('secondary')}>{t('Continue Shopping')}</Link>}
        />
      </div>
    );
  }

  const item = product.data;
  return (
    <div className="page">
      <ol className="breadcrumb" aria-label={t('Breadcrumb')}>
        <li><Link to="/">{t('Home')}</Link></li>
        <li><Link to="/shop">{t('Shop')}</Link></li>
        {item ? <li><Link to={shopPath({ gender: item.gender, category: item.category })}>{localCategory(item)}</Link></li> : null}
      </ol>
      <div className="product">
        <div className="product__media">
          {item ? <ImageCarousel key={item._id} images={item.images} alt={localName(item)} /> : <div className="skeleton product__media-skeleton" />}
        </div>
        <div className="product__info">
          {item ? (
            <>
              <p className="product__eyebrow">{item.gender === 'men' ? t('Men') : t('Women')} · {localCategory(item)}</p>
              <h1 className="product__name" dir="auto">{localName(item)}</h1>
              {item.rating.count > 0 ? (
                // the average by the name, a link down to the reviews it sums up
                <a href="#reviews-title" className="product__rating">
                  <RatingStars rating={item.rating.average} small />
                  <span>{item.rating.average.toLocaleString(getLocale(), { maximumFractionDigits: 1 })} · {plural('{count} reviews', item.rating.count)}</span>
                </a>
              ) : null}
              <Price price={item.price} discount={item.disCountPrecent} large />
              <ColourSwatches product={item} />
              {item.sizeGuide ? <SizeGuide guide={item.sizeGuide} category={localCategory(item)} /> : null}
              {user?.isAdmin ? null : (
                <div className="product__buy">
                  {item.inStock ? null : <p className="product__sold-out">{t('Sold out')}</p>}
                  {item.sizes.length > 1 ? (
                    <SizePicker
                      sizes={item.sizes}
                      value={chosenSize}
                      onChange={(next) => {
                        setChosenSize(next);
                        setSizeError(null);
                      }}
                      error={sizeError}
                    />
                  ) : null}
                  <div className="field">
                    <label htmlFor="product-quantity" className="product__label">{t('Quantity')}</label>
                    <QuantityStepper id="product-quantity" value={quantity} onChange={setQuantity} label={t('Quantity')} />
                  </div>
                  <div className="product__actions">
                    <Button variant="primary" block onClick={() => void add()} busy={adding} disabled={!item.inStock || soldOutChosen}>
                      <ShoppingBag size={18} aria-hidden="true" />
                      {t('Add to cart')}
                    </Button>
                    <WishlistButton product={item} variant="outline" />
                  </div>
                  {soldOutChosen && size ? (
                    <Suspense fallback={null}>
                      <BackInStock productId={item._id} size={size} signedIn={user !== null} />
                    </Suspense>
                  ) : null}
                </div>
              )}
              {fromFee === undefined || fromFee === null ? null : (
                <p className="product__shipping">
                  <Truck size={18} aria-hidden="true" />
                  <span>
                    {t('Delivery from {amount} · cash on delivery', { amount: formatEgp(fromFee, getLang()) })} · <Link to="/pages/delivery">{t('Delivery & payment')}</Link>
                  </span>
                </p>
              )}
              {/* PRODUCT section 9: a product the shop does not take back says so before it is bought */}
              {item.returnable === false ? <p className="product__shipping">{t('This piece cannot be returned or exchanged')}</p> : null}
              <section className="product__description" aria-labelledby="description-title">
                <h2 id="description-title">{t('Description')}</h2>
                <p>{localDescription(item)}</p>
              </section>
            </>
          ) : (
            <div className="product__info-skeleton" aria-busy="true" aria-label={t('Loading product')}>
              <div className="skeleton" style={{ height: 14, width: '30%' }} />
              <div className="skeleton" style={{ height: 32, width: '80%' }} />
              <div className="skeleton" style={{ height: 24, width: '40%' }} />
              <div className="skeleton" style={{ height: 48, width: '100%', marginTop: 24 }} />
              <div className="skeleton" style={{ height: 96, width: '100%', marginTop: 24 }} />
            </div>
          )}
        </div>
      </div>
      {item ? <ReviewsSection product={item} /> : null}
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title" className="section-title related__title">{t('You may also like')}</h2>
        {related.data && related.data.length === 0 ? (
          <p className="related__empty">{t('No Products Related')}</p>
        ) : related.error && !related.data ? (
          <p className="related__empty">{t('Related products could not be loaded.')}</p>
        ) : (
          <ProductGrid
            products={related.data?.slice(0, 3)}
            loading={!related.data}
            skeletonCount={3}
            columns={3}
            label={t('Related products')}
            renderAction={(p) => <WishlistButton product={p} />}
            headingLevel={3}
          />
        )}
      </section>
    </div>
  );
}
