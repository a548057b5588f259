import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SlidersHorizontal } from 'lucide-react';
import { ONE_SIZE, SIZES, type ShopSort } from '@shop/core/constants';
import type { Facets } from '@shop/core/contract/catalog';
import { formatEgp } from '@shop/core/money';
import { buttonClass } from '../../../components/button.tsx';
import { getLang, getLocale, t, type UiText } from '../../../lib/i18n.ts';
import { activeFilterCount, type ListingFilters } from '../api/get-shop-products.ts';
import { filterChips, type FilterChip } from '../filter-chips.ts';
import './filter-panel.css';

const SORT_LABELS: Record<ShopSort, UiText> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  discount: 'Biggest discount',
};

interface FilterPanelProps {
  /** the page the form sends to: /shop or /shop/search */
  action: string;
  /** what the page itself is of (gender and category, or the search words): kept as the form's hidden fields */
  scope: Record<string, string | undefined>;
  filters: ListingFilters;
  facets: Facets | undefined;
  /** the search page's own order, "Best match", when no sort is chosen */
  ranked?: boolean;
}

const sizeOrder = (size: string) => {
  const at = SIZES.indexOf(size as (typeof SIZES)[number]);
  return at === -1 ? SIZES.length : at;
};

/** The address the form's choices lead to: sizes and colours as comma lists, blanks and the page left out. */
export function filterHref(action: string, form: FormData): string {
  const query = new URLSearchParams();
  const lists = new Map<string, string[]>();
  for (const [name, value] of form) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (name === 'size' || name === 'color') lists.set(name, [...(lists.get(name) ?? []), value]);
    else query.set(name, value.trim());
  }
  for (const [name, values] of lists) query.set(name, values.join(','));
  const search = query.toString();
  return search ? `${action}?${search}` : action;
}

/**
 * The shop's filters and sort, a GET form: without JavaScript the browser sends it and the server renders the filtered
 * page; with it, the same address is reached without a reload. It sits in a disclosure (`<details>`) that its "Filter"
 * button opens: a panel under it on a desktop, a drawer from the side on a phone (filter-panel.css), closed by its
 * Close button, a tap beside it or Escape. The counts come from the facets call. The filters in force are chips under
 * the button, each a link to the listing without it.
 */
export function FilterPanel({ action, scope, filters, facets, ranked }: FilterPanelProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const chips = filterChips(action, new URLSearchParams(search));
  const active = activeFilterCount(filters);
  const arabic = getLang() === 'ar';

  const sizes = new Map((facets?.sizes ?? []).map(({ size, count }) => [size, count]));
  for (const size of filters.size ?? []) if (!sizes.has(size)) sizes.set(size, 0);
  const colors = (facets?.colors ?? []).map((color) => ({ ...color, key: color.name.toLowerCase() }));
  for (const name of filters.color ?? []) {
    if (!colors.some((color) => color.key === name.toLowerCase())) colors.push({ name, hex: '', count: 0, key: name.toLowerCase() });
  }
  const chosenColors = new Set((filters.color ?? []).map((name) => name.toLowerCase()));

  const close = () => {
    if (details.current) details.current.open = false;
  };
  const chipLabel = (chip: FilterChip) => {
    if (chip.kind !== 'price') {
      if (chip.kind === 'size') return t('Size: {size}', { size: chip.value === ONE_SIZE ? t('One size') : chip.value });
      const color = colors.find((one) => one.key === chip.value.toLowerCase());
      return (arabic && color?.nameAr) || color?.name || chip.value;
    }
    const money = (amount: number) => formatEgp(amount, getLang());
    if (chip.min !== undefined && chip.max !== undefined) return `${money(chip.min)} – ${money(chip.max)}`;
    return chip.min !== undefined ? t('From {amount}', { amount: money(chip.min) }) : t('Up to {amount}', { amount: money(chip.max ?? 0) });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    close();
    void navigate(filterHref(action, new FormData(event.currentTarget)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !details.current?.open) return;
    close();
    details.current.querySelector('summary')?.focus();
  };
  const kept = new URLSearchParams(Object.entries(scope).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  const clearHref = kept ? `${action}?${kept}` : action;

  return (
    <form method="get" action={action} className="filters" onSubmit={onSubmit} aria-label={t('Filter and sort')}>
      {Object.entries(scope).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <details
        className="filters__panel"
        ref={details}
        onKeyDown={onKeyDown}
        // opened, the focus moves into the panel (on a phone a drawer over the page): its Close button first
        onToggle={(event) => {
          if (event.currentTarget.open) event.currentTarget.querySelector<HTMLElement>('.filters__close')?.focus();
        }}
      >
        <summary className={buttonClass('secondary', { small: true })}>
          <SlidersHorizontal size={16} aria-hidden="true" />
          {t('Filter')}
          {active > 0 ? <span className="filters__active">{t('({count} on)', { count: active })}</span> : null}
        </summary>
        <div className="filters__body">
          <div className="filters__head">
            <h2 className="filters__title">{t('Filter and sort')}</h2>
            <button
              type="button"
              className={`${buttonClass('quiet', { small: true })} filters__close`}
              onClick={() => {
                close();
                details.current?.querySelector('summary')?.focus();
              }}
            >
              {t('Close')}
            </button>
          </div>
          <label className="filters__sort">
            <span className="filters__legend">{t('Sort by')}</span>
            <select name="sort" defaultValue={filters.sort ?? ''}>
              <option value="">{t(ranked ? 'Best match' : 'Newest')}</option>
              {(Object.keys(SORT_LABELS) as ShopSort[])
                .filter((sort) => ranked || sort !== 'newest')
                .map((sort) => <option key={sort} value={sort}>{t(SORT_LABELS[sort])}</option>)}
            </select>
          </label>
          {sizes.size > 0 ? (
            <fieldset className="filters__group">
              <legend className="filters__legend">{t('Size')}</legend>
              <div className="filters__options">
                {[...sizes].sort(([a], [b]) => sizeOrder(a) - sizeOrder(b)).map(([size, count]) => (
                  <label key={size} className="filter-option">
                    <input type="checkbox" name="size" value={size} defaultChecked={filters.size?.includes(size)} />
                    <span>{size === ONE_SIZE ? t('One size') : size}</span>
                    <span className="filter-option__count">({count.toLocaleString(getLocale())})</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {colors.length > 0 ? (
            <fieldset className="filters__group">
              <legend className="filters__legend">{t('Colour')}</legend>
              <div className="filters__options">
                {colors.map((color) => (
                  <label key={color.key} className="filter-option">
                    <input type="checkbox" name="color" value={color.name} defaultChecked={chosenColors.has(color.key)} />
                    {color.hex ? <span className="swatch" style={{ background: color.hex }} aria-hidden="true" /> : null}
                    <span>{(arabic && color.nameAr) || color.name}</span>
                    <span className="filter-option__count">({color.count.toLocaleString(getLocale())})</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <fieldset className="filters__group">
            <legend className="filters__legend">{t('Price (EGP)')}</legend>
            <div className="filters__prices">
              <label>
                <span>{t('From')}</span>
                <input type="number" name="minPrice" min={0} step="0.01" inputMode="decimal" defaultValue={filters.minPrice ?? ''} placeholder={facets?.price.min === null || facets === undefined ? '' : String(Math.floor(facets.price.min))} />
              </label>
              <label>
                <span>{t('To')}</span>
                <input type="number" name="maxPrice" min={0} step="0.01" inputMode="decimal" defaultValue={filters.maxPrice ?? ''} placeholder={facets?.price.max === null || facets === undefined ? '' : String(Math.ceil(facets.price.max))} />
              </label>
            </div>
          </fieldset>
          <div className="filters__actions">
            <button type="submit" className={buttonClass('primary', { small: true })}>{t('Show results')}</button>
            {active > 0 || filters.sort ? <Link to={clearHref} className={buttonClass('quiet', { small: true })} onClick={close}>{t('Clear filters')}</Link> : null}
          </div>
        </div>
      </details>
      {chips.length > 0 ? (
        <ul className="filter-chips" aria-label={t('Filters in use')}>
          {chips.map((chip) => {
            const label = chipLabel(chip);
            return (
              <li key={chip.href}>
                <Link to={chip.href} className="filter-chip" aria-label={t('Remove the filter {filter}', { filter: label })}>
                  {label}
                  <span aria-hidden="true">×</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </form>
  );
}
