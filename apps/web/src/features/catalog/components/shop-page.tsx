import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button.tsx';
import { ProductListing } from '../../../components/product-listing.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { shopPath } from '../../../lib/paths.ts';
import { WishlistButton } from '../../../components/wishlist-button.tsx';
import { useCategories } from '../../../lib/categories.ts';
import { SHOP_PAGE_SIZE, activeFilterCount, shopFilters, useFacets, useShopProducts } from '../api/get-shop-products.ts';
import { FilterPanel } from './filter-panel.tsx';
import { shopHeading } from '../shop-heading.ts';
import './shop-page.css';
import { getLang, localTitle, t } from '../../../lib/i18n.ts';

export function ShopPage() {
  const [params] = useSearchParams();
  const filters = shopFilters(params);
  const { gender, category, page } = filters;

  const products = useShopProducts(filters);
  const facets = useFacets(filters);
  const narrowed = activeFilterCount(filters) > 0;
  // the chips of a gender, and the category's Arabic title (the server's render carries the list for both)
  const categories = useCategories({ enabled: Boolean(gender || category) });
  const chips = gender ? (categories.data ?? []).filter((c) => c.gender === gender) : [];

  const { genderLabel, categoryLabel, title } = shopHeading({ gender, category }, categories.data);
  const heading = genderLabel && categoryLabel
    ? <>{genderLabel} <span className="shop-head__sep">{getLang() === 'ar' ? '<' : '>'}</span> {categoryLabel}</>
    : title;
  useDocumentTitle(title);

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `/shop?${query}` : '/shop';
  };

  return (
    <div className="page">
      <div className="shop-head">
        <ol className="breadcrumb" aria-label={t('Breadcrumb')}>
          <li><Link to="/">{t('Home')}</Link></li>
          <li><span aria-current="page">{t('Shop')}</span></li>
        </ol>
        <h1 className="shop-head__title">{heading}</h1>
      </div>
      {chips.length > 0 && gender ? (
        <ul className="chips" aria-label={t(gender === 'men' ? 'Men categories' : 'Women categories')}>
          <li><Link to={shopPath({ gender })} aria-current={!category}>{t('All')}</Link></li>
          {chips.map((chip) => (
            <li key={chip._id}>
              <Link to={shopPath({ gender, category: chip.title })} aria-current={chip.title === category}>{localTitle(chip)}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      <FilterPanel key={params.toString()} action="/shop" scope={{ gender, category }} filters={filters} facets={facets.data} />
      <ProductListing
        items={products.data?.items}
        total={products.data?.total}
        loading={products.isLoading}
        error={products.error}
        onRetry={() => void products.refetch()}
        page={page}
        pageSize={SHOP_PAGE_SIZE}
        hrefFor={hrefFor}
        label={title}
        emptyText={narrowed ? t('Nothing matches these filters. Try fewer of them, or clear them.') : t('Nothing matches this selection yet. Try another category or browse everything.')}
        emptyAction={
          narrowed
            ? <Link to={shopPath({ gender, category })} className={buttonClass('secondary')}>{t('Clear filters')}</Link>
            : <Link to="/shop" className={buttonClass('secondary')}>{t('Browse all products')}</Link>
        }
        renderAction={(product) => <WishlistButton product={product} />}
      />
    </div>
  );
}
