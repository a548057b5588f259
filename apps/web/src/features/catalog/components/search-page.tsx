import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button.tsx';
import { ProductListing } from '../../../components/product-listing.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { SHOP_PAGE_SIZE, searchFilters, useFacets, useShopProducts } from '../api/get-shop-products.ts';
import { FilterPanel } from './filter-panel.tsx';
import { WishlistButton } from '../../../components/wishlist-button.tsx';
import './shop-page.css';
import { t } from '../../../lib/i18n.ts';

export function SearchPage() {
  const [params] = useSearchParams();
  const filters = searchFilters(params);
  const { search, page } = filters;
  // an empty search is no search (the server's page asks the same)
  const products = useShopProducts({ ...filters, search: search || undefined });
  const facets = useFacets({ ...filters, search: search || undefined });
  useDocumentTitle(search ? t('Search: {search}', { search }) : t('Search'));

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    return `/shop/search?${next.toString()}`;
  };

  return (
    <div className="page">
      <div className="shop-head">
        <ol className="breadcrumb" aria-label={t('Breadcrumb')}>
          <li><Link to="/">{t('Home')}</Link></li>
          <li><Link to="/shop">{t('Shop')}</Link></li>
          <li><span aria-current="page">{t('Search')}</span></li>
        </ol>
        <h1 className="shop-head__title">
          {search ? t('Results for “{search}”', { search }) : t('Search')}
        </h1>
      </div>
      {search ? <FilterPanel key={params.toString()} action="/shop/search" scope={{ search }} filters={filters} facets={facets.data} ranked /> : null}
      <ProductListing
        items={products.data?.items}
        total={products.data?.total}
        loading={products.isLoading}
        error={products.error}
        onRetry={() => void products.refetch()}
        page={page}
        pageSize={SHOP_PAGE_SIZE}
        hrefFor={hrefFor}
        label={search ? t('Results for {search}', { search }) : t('Products')}
        emptyText={search ? t('We found nothing for “{search}”. Check the spelling or try a broader word.', { search }) : t('Type a word in the search to find products.')}
        emptyAction={<Link to="/shop" className={buttonClass('secondary')}>{t('Browse all products')}</Link>}
        renderAction={(product) => <WishlistButton product={product} />}
      />
    </div>
  );
}
