import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { localText } from '@shop/core/brand';
import type { Home } from '@shop/core/contract/settings';
import { buttonClass } from '../../../components/button.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { ProductRail } from '../../../components/product-rail.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { imageSources } from '../../../lib/image-sources.ts';
import { useBestsellers } from '../api/get-bestsellers.ts';
import { useHome } from '../api/get-home.ts';
import { useNewProducts } from '../api/get-new-products.ts';
import { WishlistButton } from '../../../components/wishlist-button.tsx';
import './home-page.css';
import { getLang, t } from '../../../lib/i18n.ts';

// the sizes the pictures are shown at (app/server/pages.ts preloads the first at the same)
export const HERO_SIZES = '(min-width: 1240px) 1200px, 100vw';
export const TILE_SIZES = '(min-width: 1240px) 610px, (min-width: 768px) 50vw, 100vw';

/** The home page as the brand's settings have it (decision 054): the hero, the tiles, then the bestsellers and the new. */
export function HomePage() {
  useDocumentTitle('');
  const home = useHome().data;
  const bestsellers = useBestsellers();
  const newProducts = useNewProducts();
  const firstLoad = newProducts.data === undefined && newProducts.status !== 'error';
  const lang = getLang();
  // the first picture on the page is the phone's largest paint: the only one fetched before the page paints
  const heroImage = home?.hero.imageUrl ?? null;

  return (
    <>
      {firstLoad ? <LoadingScreen /> : null}
      <div className="home">
        {home ? <Hero hero={home.hero} /> : null}
        {home && home.tiles.length > 0 ? (
          <section className="hero" aria-label={t('Collections')}>
            {home.tiles.map((tile, index) => {
              const title = localText(tile.title, tile.titleAr, lang);
              const text = localText(tile.text, tile.textAr, lang);
              const first = index === 0 && !heroImage;
              return (
                <article key={`${index}:${tile.link}`} className="hero__card">
                  {tile.imageUrl ? <Picture url={tile.imageUrl} sizes={TILE_SIZES} first={first} /> : null}
                  <div className="hero__content">
                    <h2 className="hero__title">{title}</h2>
                    {text ? <p className="hero__line">{text}</p> : null}
                    <ShopLink to={tile.link} className={`${buttonClass('secondary')} hero__cta`} label={`${t('Shop now')}: ${title}`}>
                      {t('Shop now')}
                      <ArrowRight className="flip-rtl" size={18} aria-hidden="true" />
                    </ShopLink>
                  </div>
                </article>
              );
            })}
          </section>
        ) : null}

        <Rail
          title={t('Bestsellers')}
          products={bestsellers.data}
          failed={bestsellers.status === 'error' && !bestsellers.data}
          failure={t('Bestsellers could not be loaded.')}
          retry={() => void bestsellers.refetch()}
        />
        <Rail
          title={t('New products')}
          products={newProducts.data}
          failed={newProducts.status === 'error' && !newProducts.data}
          failure={t('New products could not be loaded.')}
          retry={() => void newProducts.refetch()}
          more={<Link to="/shop" className="section-link">{t('View all')} <ArrowRight className="flip-rtl" size={16} aria-hidden="true" /></Link>}
        />
      </div>
    </>
  );
}

/** The hero: the page's headline and line; with a picture, a banner with its button over it. */
function Hero({ hero }: { hero: Home['hero'] }) {
  const lang = getLang();
  const title = localText(hero.title, hero.titleAr, lang);
  const text = localText(hero.text, hero.textAr, lang);
  if (!hero.imageUrl) {
    return (
      <div className="home__intro">
        <h1 className="home__title">{title}</h1>
        {text ? <p className="home__text">{text}</p> : null}
      </div>
    );
  }
  return (
    <section className="hero__card home-hero" aria-label={title}>
      <Picture url={hero.imageUrl} sizes={HERO_SIZES} first />
      <div className="hero__content">
        <h1 className="hero__title">{title}</h1>
        {text ? <p className="hero__line">{text}</p> : null}
        <ShopLink to={hero.link} className={`${buttonClass('secondary')} hero__cta`}>
          {localText(hero.linkLabel, hero.linkLabelAr, lang) || t('Shop now')}
          <ArrowRight className="flip-rtl" size={18} aria-hidden="true" />
        </ShopLink>
      </div>
    </section>
  );
}

function Picture({ url, sizes, first }: { url: string; sizes: string; first: boolean }) {
  const image = imageSources(url);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      alt=""
      width={1200}
      height={1500}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
    />
  );
}

/** A page of the shop by the router; a link the owner gave to another site, as a link. */
function ShopLink({ to, className, label, children }: { to: string; className: string; label?: string; children: ReactNode }) {
  return to.startsWith('/') ? (
    <Link to={to} className={className} aria-label={label}>{children}</Link>
  ) : (
    <a href={to} className={className} aria-label={label} rel="noopener">{children}</a>
  );
}

function Rail({ title, products, failed, failure, retry, more }: {
  title: string;
  products: Parameters<typeof ProductRail>[0]['products'];
  failed: boolean;
  failure: string;
  retry: () => void;
  more?: ReactNode;
}) {
  return (
    <div className="home__rail">
      {failed ? (
        <div className="home__error" role="alert">
          <p>{failure}</p>
          <button type="button" className={buttonClass('secondary', { small: true })} onClick={retry}>{t('Try again')}</button>
        </div>
      ) : (
        <ProductRail
          label={title}
          products={products}
          heading={
            <div className="section-head__text">
              <h2 className="section-title">{title}</h2>
              {more}
            </div>
          }
          renderAction={(product) => <WishlistButton product={product} />}
        />
      )}
    </div>
  );
}
