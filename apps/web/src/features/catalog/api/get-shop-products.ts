import { GENDERS, SHOP_SORTS, SIZES, type Gender, type ShopSort } from '@shop/core/constants';
import { call, callPage } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const SHOP_PAGE_SIZE = 24;

/** What the shopper narrowed the listing by (PRODUCT section 8): the same on the shop and the search page. */
export interface ListingFilters {
  size?: string[] | undefined;
  color?: string[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort?: ShopSort | undefined;
}

export interface ShopFilters extends ListingFilters {
  gender?: string;
  category?: string;
  search?: string;
  page: number;
}

export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const SIZE_SET: ReadonlySet<string> = new Set(SIZES);
const PRICE_MAX = 1_000_000;

/** `size=M,L` or `size=M&size=L` (what the filter form sends without JavaScript), blanks dropped. */
function listParam(params: URLSearchParams, name: string): string[] {
  return params.getAll(name).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
}

function priceParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name)?.trim();
  const price = Number(value);
  return value && Number.isFinite(price) && price >= 0 && price <= PRICE_MAX ? Math.round(price * 100) / 100 : undefined;
}

/**
 * The filters in an address, as far as the API would take them: unknown sizes and sorts are left out, and a price
 * range written upside down is read the right way round, so a typed address shows products rather than an error.
 */
export function listingFilters(params: URLSearchParams): ListingFilters {
  const size = listParam(params, 'size').filter((name) => SIZE_SET.has(name)).slice(0, 20);
  const color = listParam(params, 'color').filter((name) => name.length <= 40).slice(0, 20);
  let minPrice = priceParam(params, 'minPrice');
  let maxPrice = priceParam(params, 'maxPrice');
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const sortParam = params.get('sort');
  return {
    size: size.length ? size : undefined,
    color: color.length ? color : undefined,
    minPrice,
    maxPrice,
    sort: SHOP_SORTS.find((sort) => sort === sortParam),
  };
}

/** How many filters narrow the listing (the sort is not one). */
export function activeFilterCount({ size, color, minPrice, maxPrice }: ListingFilters): number {
  return (size?.length ?? 0) + (color?.length ?? 0) + (minPrice !== undefined || maxPrice !== undefined ? 1 : 0);
}

/** The shop page's filters, from its address (an unknown gender is left out). */
export function shopFilters(params: URLSearchParams): ShopFilters & { gender?: Gender } {
  const genderParam = params.get('gender');
  return {
    gender: GENDERS.find((g) => g === genderParam),
    category: params.get('category')?.trim() || undefined,
    ...listingFilters(params),
    page: readPage(params.get('page')),
  };
}

/** The search page's filters, from its address. */
export function searchFilters(params: URLSearchParams): ShopFilters & { search: string } {
  return { search: params.get('search')?.trim() ?? '', ...listingFilters(params), page: readPage(params.get('page')) };
}

function filterQuery({ gender, category, search, size, color, minPrice, maxPrice, sort }: Omit<ShopFilters, 'page'>) {
  // an unknown gender in the address reaches the server as it is, which answers it with its message
  return { gender: gender as Gender | undefined, category, search, size, color, minPrice, maxPrice, sort };
}

/** The call's query and its cache key; the server renders a page with the same ones. */
export function shopProductsQuery({ page, ...filters }: ShopFilters) {
  const query = { ...filterQuery(filters), page, limit: SHOP_PAGE_SIZE };
  return { key: `shop:${JSON.stringify(query)}`, query };
}

export function useShopProducts(filters: ShopFilters) {
  const { key, query } = shopProductsQuery(filters);
  return useQuery(key, (signal) => callPage('shopProducts', { query, signal }));
}

/** The facets call for the same filters (the page and the sort change no count): the options and their counts. */
export function facetsQuery({ page: _page, sort: _sort, ...filters }: ShopFilters) {
  const query = filterQuery(filters);
  return { key: `facets:${JSON.stringify(query)}`, query };
}

export function useFacets(filters: ShopFilters) {
  const { key, query } = facetsQuery(filters);
  return useQuery(key, (signal) => call('productFacets', { query, signal }));
}
