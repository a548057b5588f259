// The pages the server renders, each under the id of its route in app/router.tsx: the data it reads and the head it
// gets. The API serves their addresses (PageRenderer.paths); every other route is drawn by the browser alone. Only
// the server renderer imports this file, so none of it reaches the browser's bundle.
import { localText } from '@shop/core/brand';
import { discountedPrice } from '@shop/core/money';
import { HOME_PRODUCT_COUNT } from '@shop/core/constants';
import { markdownText } from '@shop/core/markdown';
import { DELIVERY_TABLE_KEY } from '../../features/about/api/get-delivery-table.ts';
import { pageTextKey, pageTextOf, type PageText, type TextPage } from '../../features/about/api/get-page-text.ts';
import { TEXT_PAGE_TITLES } from '../../features/about/components/shop-text-page.tsx';
import { SHIPPING_KEY } from '../../features/catalog/api/get-shipping.ts';
import { productKey, relatedKey } from '../../features/catalog/api/get-product.ts';
import { facetsQuery, searchFilters, shopFilters, shopProductsQuery } from '../../features/catalog/api/get-shop-products.ts';
import { GENDER_LABEL, shopHeading } from '../../features/catalog/shop-heading.ts';
import { BESTSELLERS_KEY } from '../../features/home/api/get-bestsellers.ts';
import { HOME_KEY } from '../../features/home/api/get-home.ts';
import { NEW_PRODUCTS_KEY } from '../../features/home/api/get-new-products.ts';
import { HERO_SIZES, TILE_SIZES } from '../../features/home/components/home-page.tsx';
import { CATEGORIES_KEY } from '../../lib/categories.ts';
import { documentTitle } from '../../lib/document-title.ts';
import { getLang, localCategory, localDescription, localName, plural, t } from '../../lib/i18n.ts';
import { imageSources } from '../../lib/image-sources.ts';
import { brandNow, shopName } from '../../lib/settings.ts';
import { absoluteUrl, type PageHead } from './page-head.ts';
import { serverPage, type PageRequest, type RenderedRoute } from './server-page.ts';

// the sizes the components give these pictures (image-carousel.tsx, product-grid.tsx at 3 a row; the home page's its own)
const PRODUCT_SIZES = '(min-width: 1024px) 560px, 100vw';
const GRID_SIZES = '(min-width: 1240px) 390px, (min-width: 768px) 31vw, 48vw';

function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(' ', max - 1)).replace(/[,.;:،؛]$/, '')}…`;
}

/** A page of the owner's text: its text, carried to the browser under the key its screen reads it by. */
async function loadText({ load, prime }: PageRequest, page: TextPage): Promise<PageText> {
  const settings = await load.settings();
  return prime(pageTextKey(page), Promise.resolve(pageTextOf(settings, page)));
}

/** A page's description from the owner's text, else the shop's tagline, else its name. */
function describe(text: PageText): string {
  const brand = brandNow();
  const lang = getLang();
  return summary(markdownText(localText(text.text, text.textAr, lang))) || localText(brand.tagline, brand.taglineAr, lang) || shopName();
}

const textPage = (page: keyof typeof TEXT_PAGE_TITLES) =>
  serverPage({
    module: 'src/features/about/components/shop-text-page.tsx',
    async load(request) {
      const text = await loadText(request, page);
      // Delivery & payment shows the delivery table under the owner's text
      if (page === 'delivery') await request.prime(DELIVERY_TABLE_KEY, request.load.shipping());
      return text;
    },
    head: (text) => ({ title: documentTitle(t(TEXT_PAGE_TITLES[page])), description: describe(text), canonical: `/pages/${page}` }),
  });

export const SERVER_PAGES = {
  home: serverPage({
    async load({ load, prime }) {
      const [home] = await Promise.all([
        prime(HOME_KEY, load.settings().then((settings) => settings.home)),
        prime(BESTSELLERS_KEY, load.bestsellers()),
        prime(NEW_PRODUCTS_KEY, load.newProducts({ page: 1, limit: HOME_PRODUCT_COUNT })),
      ]);
      return home;
    },
    head: (home) => {
      // the page's first picture (the hero's, else the first tile's) is its largest paint on a phone, and its Open Graph image
      const lang = getLang();
      const tile = home.tiles[0];
      const first = home.hero.imageUrl
        ? { url: home.hero.imageUrl, sizes: HERO_SIZES, alt: localText(home.hero.title, home.hero.titleAr, lang) }
        : tile?.imageUrl
          ? { url: tile.imageUrl, sizes: TILE_SIZES, alt: localText(tile.title, tile.titleAr, lang) }
          : null;
      return {
        title: documentTitle(''),
        description: t('Shop clothing for men and women in Egypt: shirts, dresses, jeans, jackets and more, priced in EGP with cash on delivery.'),
        canonical: '/',
        image: first ? imageSources(first.url, 1200).src : undefined,
        imageAlt: first?.alt,
        preload: first ? { url: first.url, sizes: first.sizes } : undefined,
      };
    },
  }),

  about: serverPage({
    module: 'src/features/about/components/about-page.tsx',
    load: (request) => loadText(request, 'about'),
    head: (text) => ({ title: documentTitle(t('About us')), description: describe(text), canonical: '/about' }),
  }),

  delivery: textPage('delivery'),
  returns: textPage('returns'),
  privacy: textPage('privacy'),

  shop: serverPage({
    module: 'src/features/catalog/components/shop-page.tsx',
    async load({ url, load, prime }) {
      const filters = shopFilters(url.searchParams);
      const { key, query } = shopProductsQuery(filters);
      const facets = facetsQuery(filters);
      const [answer] = await Promise.all([prime(key, load.shopProducts(query)), prime(facets.key, load.facets(facets.query))]);
      // a gender's chips, and a category's Arabic title in the heading and the <title> (as shop-page.tsx asks)
      const categories = filters.gender || filters.category ? await prime(CATEGORIES_KEY, load.categories()) : undefined;
      return { filters, total: answer.total, first: answer.items[0], categories };
    },
    head({ filters, total, first, categories }) {
      const { gender, category, page: number } = filters;
      const { title } = shopHeading(filters, categories);
      // written as the sitemap writes it (routes/seo), so both name the same address
      const search = [
        gender ? `gender=${gender}` : '',
        category ? `category=${encodeURIComponent(category)}` : '',
        number > 1 ? `page=${number}` : '',
      ].filter(Boolean).join('&');
      const what = gender || category ? title.replace(' > ', ' · ') : t('Clothing for women and men');
      return {
        title: documentTitle(title),
        description: t('{what} at {shop}: {count}, priced in EGP, with cash on delivery across Egypt.', { what, count: plural('{count} products', total), shop: shopName() }),
        canonical: search ? `/shop?${search}` : '/shop',
        image: first?.images[0],
        imageAlt: first ? localName(first) : undefined,
        preload: first?.images[0] ? { url: first.images[0], sizes: GRID_SIZES } : undefined,
      };
    },
  }),

  search: serverPage({
    module: 'src/features/catalog/components/search-page.tsx',
    async load({ url, load, prime }) {
      const filters = searchFilters(url.searchParams);
      // as the search page asks: an empty search is no search
      const { key, query } = shopProductsQuery({ ...filters, search: filters.search || undefined });
      const facets = facetsQuery({ ...filters, search: filters.search || undefined });
      const [answer] = await Promise.all([prime(key, load.shopProducts(query)), prime(facets.key, load.facets(facets.query))]);
      return { search: filters.search, first: answer.items[0] };
    },
    head: ({ search, first }) => ({
      title: documentTitle(search ? t('Search: {search}', { search }) : t('Search')),
      description: search ? t('Results for “{search}” at {shop}.', { search, shop: shopName() }) : t('Search the clothing of {shop}.', { shop: shopName() }),
      noindex: true,
      preload: first?.images[0] ? { url: first.images[0], sizes: GRID_SIZES } : undefined,
    }),
  }),

  product: serverPage({
    module: 'src/features/catalog/components/product-page.tsx',
    async load({ params, load, prime }) {
      const name = params.productName ?? '';
      const product = await prime(productKey(name), load.product({ x: name }));
      // "Delivery from EGP N" (PRODUCT section 8): the page carries the table, so the browser does not read it again
      // one after the other: the page carries its answers in the order they were primed, the same every time
      await prime(relatedKey(product._id), load.relatedProducts({ x: product._id }));
      await prime(SHIPPING_KEY, load.shipping());
      return product;
    },
    head(product, { publicUrl }) {
      const canonical = `/products/${encodeURIComponent(product.name)}`;
      const images = product.images.map((url) => absoluteUrl(imageSources(url, 1200).src, publicUrl));
      const price = discountedPrice(product.price, product.disCountPrecent);
      const name = localName(product);
      const description = localDescription(product);
      return {
        title: documentTitle(name),
        description: summary(description),
        canonical,
        type: 'product',
        image: product.images[0] ? imageSources(product.images[0], 1200).src : undefined,
        imageAlt: name,
        preload: product.images[0] ? { url: product.images[0], sizes: PRODUCT_SIZES } : undefined,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name,
          description,
          image: images,
          sku: product._id,
          category: `${t(GENDER_LABEL[product.gender])} > ${localCategory(product)}`,
          brand: { '@type': 'Brand', name: shopName() },
          offers: {
            '@type': 'Offer',
            url: `${publicUrl}${canonical}`,
            price: price.toFixed(2),
            priceCurrency: 'EGP',
            availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
          ...(product.rating.count > 0
            ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating.average, reviewCount: product.rating.count, bestRating: 5, worstRating: 1 } }
            : {}),
        },
      };
    },
    // a name no product has: the API's 404, which the product page shows as its own "Product not found"
    missing: () => ({ title: documentTitle(t('Product not found')), description: t('This product is not in the shop.'), noindex: true }),
  }),
} satisfies Record<string, RenderedRoute>;

/** The head of an address no page has: the router's error screen, with the 404 its `*` route throws. */
export function notFoundHead(): PageHead {
  return { title: documentTitle(t('Unexpected Application Error!')), description: t('This page is not in the shop.'), noindex: true };
}
