import { Link } from 'react-router';
import { ArrowRight, Package, ShoppingBag, SlidersHorizontal, Sparkles } from 'lucide-react';
import { buttonClass } from '../../../components/button.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { ProductRail } from '../../../components/product-rail.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { imageSources } from '../../../lib/image-sources.ts';
import { shopPath } from '../../../lib/paths.ts';
import { useNewProducts } from '../api/get-new-products.ts';
import { WishlistButton } from '../../../components/wishlist-button.tsx';
import './home-page.css';
import { t } from '../../../lib/i18n.ts';

const COLLECTIONS = [
  { gender: 'women', title: 'Women collection', line: 'Dresses, abayas, knitwear and everyday basics.' },
  { gender: 'men', title: 'Men collection', line: 'Shirts, denim, jackets and weekend layers.' },
] as const;

const FEATURES = [
  { icon: SlidersHorizontal, title: 'Filter & Discover', line: 'Browse by collection and category to find your fit.' },
  { icon: ShoppingBag, title: 'Add to bag', line: 'Keep favourites in your wishlist, add to bag in one tap.' },
  { icon: Package, title: 'Fast shipping', line: 'Delivery to all 27 governorates, with cash on delivery.' },
  { icon: Sparkles, title: 'Enjoy the product', line: 'Pay cash on delivery and enjoy your new clothes.' },
] as const;

export function HomePage() {
  useDocumentTitle('');
  const newProducts = useNewProducts();
  const firstLoad = newProducts.data === undefined && newProducts.status !== 'error';

  return (
    <>
      {firstLoad ? <LoadingScreen /> : null}
      <div className="home">
        <h1 className="home__title">{t('Clothing for women and men, delivered across Egypt')}</h1>
        <section className="hero" aria-label={t('Collections')}>
          {COLLECTIONS.map((collection, index) => {
            const image = imageSources(`/images/collection-${collection.gender}-800.webp`);
            return (
              <article key={collection.gender} className="hero__card">
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="(min-width: 1240px) 610px, (min-width: 768px) 50vw, 100vw"
                  alt=""
                  width={1200}
                  height={1500}
                  // the first is the largest picture a phone shows: the only one fetched before the page paints
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                />
                <div className="hero__content">
                  <h2 className="hero__title">{t(collection.title)}</h2>
                  <p className="hero__line">{t(collection.line)}</p>
                  <Link to={shopPath({ gender: collection.gender })} className={`${buttonClass('secondary')} hero__cta`} aria-label={`${t('Shop now')}: ${t(collection.title)}`}>
                    {t('Shop now')}
                    <ArrowRight className="flip-rtl" size={18} aria-hidden="true" />
                  </Link>
                </div>
              </article>
            );
          })}
        </section>

        <section className="features" aria-label={t('How it works')}>
          <ul className="features__list">
            {FEATURES.map(({ icon: Icon, title, line }) => (
              <li key={title} className="features__item">
                <span className="features__icon" aria-hidden="true"><Icon size={22} strokeWidth={1.75} /></span>
                <div>
                  <h3 className="features__title">{t(title)}</h3>
                  <p className="features__line">{t(line)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <div className="home__new">
          {newProducts.status === 'error' && !newProducts.data ? (
            <div className="home__error" role="alert">
              <p>{t('New products could not be loaded.')}</p>
              <button type="button" className={buttonClass('secondary', { small: true })} onClick={() => void newProducts.refetch()}>{t('Try again')}</button>
            </div>
          ) : (
            <ProductRail
              label={t('New products')}
              products={newProducts.data}
              heading={
                <div className="section-head__text">
                  <h2 className="section-title">{t('New products')}</h2>
                  <Link to="/shop" className="section-link">{t('View all')} <ArrowRight className="flip-rtl" size={16} aria-hidden="true" /></Link>
                </div>
              }
              renderAction={(product) => <WishlistButton product={product} />}
            />
          )}
        </div>
      </div>
    </>
  );
}
