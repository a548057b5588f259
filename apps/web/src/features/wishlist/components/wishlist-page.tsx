import { useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Heart, Trash2 } from 'lucide-react';
import type { Product } from '@shop/core/contract/catalog';
import { truncateName } from '@shop/core/text';
import { BackLink } from '../../../components/back-link.tsx';
import { buttonClass, ignoreWhen } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Price } from '../../../components/price.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { useAccountOwner } from '../../../lib/account-owner.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { focusElement, focusLost, focusPageHeading } from '../../../lib/focus.ts';
import { accountPath, productPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { toggleWishlist, useWishlist } from '../../../lib/wishlist.ts';
import './wishlist-page.css';
import { localName, t } from '../../../lib/i18n.ts';

export function WishlistPage() {
  const user = useAccountOwner();
  const wishlist = useWishlist();
  useDocumentTitle(t('My wishlist'));
  const list = useRef<HTMLUListElement>(null);
  // after a product is removed, the focus goes to the one now in its place (or the one before, or the heading)
  const [removedAt, setRemovedAt] = useState<{ index: number } | null>(null);
  useEffect(() => {
    if (!removedAt || !focusLost()) return;
    const names = list.current?.querySelectorAll<HTMLElement>('.wishlist__name a') ?? [];
    if (!focusElement(names[Math.min(removedAt.index, names.length - 1)])) focusPageHeading();
    setRemovedAt(null);
  }, [removedAt, wishlist.data]);
  if (!user || user.isAdmin) return <Navigate to="/" replace />;

  return (
    <div className="page page--narrow">
      <BackLink to={accountPath(user.username)}>{t('My Account')}</BackLink>
      <h1 className="page-title">{t('My wishlist')}</h1>
      {wishlist.error && !wishlist.data ? (
        <EmptyState icon={<Heart size={32} />} title={t('Your wishlist could not be loaded')} text={wishlist.error.message}
          action={<button type="button" className={buttonClass('secondary')} onClick={() => void wishlist.refetch()}>{t('Try again')}</button>} />
      ) : !wishlist.data ? (
        <div className="wishlist-skeleton" aria-busy="true" aria-label={t('Loading your wishlist')}>
          {[0, 1, 2].map((index) => <div key={index} className="skeleton" />)}
        </div>
      ) : wishlist.data.length === 0 ? (
        <EmptyState
          icon={<Heart size={32} />}
          title={t('No wishlist')}
          text={t('Tap the heart on any product to keep it here for later.')}
          action={<Link to="/shop" className={buttonClass('primary')}>{t('Discover products')}</Link>}
        />
      ) : (
        <ul className="wishlist" ref={list}>
          {wishlist.data.map((product, index) => <WishlistLine key={product._id} product={product} onRemoved={() => setRemovedAt({ index })} />)}
        </ul>
      )}
    </div>
  );
}

function WishlistLine({ product, onRemoved }: { product: Product; onRemoved: () => void }) {
  const [remove, removing] = useAction(async () => {
    try {
      const message = await toggleWishlist(product._id);
      onRemoved();
      if (message) notify.success(message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <li className="wishlist__line">
      <Link to={productPath(product.name)} className="wishlist__image" tabIndex={-1} aria-hidden="true">
        <ProductImage url={product.images[0]} alt="" sizes="96px" />
      </Link>
      <div className="wishlist__body">
        <h2 className="wishlist__name"><Link to={productPath(product.name)} dir="auto">{truncateName(localName(product))}</Link></h2>
        <Price price={product.price} discount={product.disCountPrecent} />
      </div>
      <button type="button" className="icon-btn wishlist__remove" onClick={ignoreWhen(removing, () => void remove())} aria-disabled={removing || undefined} aria-busy={removing || undefined} aria-label={t('Remove {name} from wishlist', { name: localName(product) })}>
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </li>
  );
}
