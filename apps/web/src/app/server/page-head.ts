// The <head> of a server-rendered page: title, description, canonical link and Open Graph on PUBLIC_URL, the
// product's JSON-LD, and a preload of the picture that is the page's largest paint. Written in the page's language
// (entry-server.tsx calls pageHead() while the render's language is set): the texts come from the same catalogs and
// the titles from the same functions as the page's own, so the title the browser sets once it has taken the page
// over is the one written here (lib/document-title.ts), in English and in Arabic.
import { discountedPrice } from '@shop/core/money';
import type { Category, Product } from '@shop/core/schemas';
import { SHOP_NAME, documentTitle } from '../../lib/document-title.ts';
import { getLang, localCategory, localDescription, localName, plural, t } from '../../lib/i18n.ts';
import { imageSources } from '../../lib/image-sources.ts';
import type { ShopFilters } from '../../features/catalog/api/get-shop-products.ts';
import { GENDER_LABEL, shopHeading } from '../../features/catalog/shop-heading.ts';
import type { Gender } from '@shop/core/constants';

export type PageHead =
  | { page: 'home' }
  | { page: 'about' }
  | { page: 'shop'; filters: ShopFilters & { gender?: Gender }; total: number; first: Product | undefined; categories: readonly Category[] | undefined }
  | { page: 'search'; search: string; pageNumber: number; first: Product | undefined }
  | { page: 'product'; product: Product }
  | { page: 'product-missing' }
  | { page: 'not-found' };

/** Open Graph's name of each language: the page's own, and the other one as its alternate. */
const OG_LOCALE = { en: 'en_US', ar: 'ar_EG' } as const;

// the sizes the components give these pictures (home-page.tsx, image-carousel.tsx, product-grid.tsx at 3 a row)
const HERO_SIZES = '(min-width: 1240px) 610px, (min-width: 768px) 50vw, 100vw';
const PRODUCT_SIZES = '(min-width: 1024px) 560px, 100vw';
const GRID_SIZES = '(min-width: 1240px) 390px, (min-width: 768px) 31vw, 48vw';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(' ', max - 1)).replace(/[,.;:،؛]$/, '')}…`;
}

interface Head {
  title: string;
  description: string;
  /** a path on PUBLIC_URL; none for pages that are not to be indexed */
  canonical?: string;
  noindex?: boolean;
  type?: 'website' | 'product';
  image?: string;
  imageAlt?: string;
  preload?: { url: string; sizes: string };
  jsonLd?: unknown;
}

function headOf(page: PageHead, publicUrl: string): Head {
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url}`);
  switch (page.page) {
    case 'home':
      return {
        title: documentTitle(''),
        description: t('Shop clothing for men and women in Egypt: shirts, dresses, jeans, jackets and more, priced in EGP with cash on delivery and fast shipping to all 27 governorates.'),
        canonical: '/',
        image: '/images/collection-women-1200.webp',
        imageAlt: t('Women collection'),
        preload: { url: '/images/collection-women-800.webp', sizes: HERO_SIZES },
      };
    case 'about':
      return {
        title: documentTitle(t('About us')),
        description: t('Nile Clothing is an online shop for women and men in Egypt: real prices in EGP, flat EGP 30 delivery to all 27 governorates and cash on delivery.'),
        canonical: '/about',
      };
    case 'shop': {
      const { gender, category, page: number } = page.filters;
      const { title } = shopHeading(page.filters, page.categories);
      // written as the sitemap writes it (routes/seo), so both name the same address
      const search = [
        gender ? `gender=${gender}` : '',
        category ? `category=${encodeURIComponent(category)}` : '',
        number > 1 ? `page=${number}` : '',
      ].filter(Boolean).join('&');
      const what = gender || category ? title.replace(' > ', ' · ') : t('Clothing for women and men');
      return {
        title: documentTitle(title),
        description: t('{what} at Nile Clothing: {count}, priced in EGP, with cash on delivery across Egypt.', { what, count: plural('{count} products', page.total) }),
        canonical: search ? `/shop?${search}` : '/shop',
        image: page.first?.images[0],
        imageAlt: page.first ? localName(page.first) : undefined,
        preload: page.first?.images[0] ? { url: page.first.images[0], sizes: GRID_SIZES } : undefined,
      };
    }
    case 'search':
      return {
        title: documentTitle(page.search ? t('Search: {search}', { search: page.search }) : t('Search')),
        description: page.search ? t('Results for “{search}” at Nile Clothing.', { search: page.search }) : t('Search the clothing of Nile Clothing.'),
        noindex: true,
        preload: page.first?.images[0] ? { url: page.first.images[0], sizes: GRID_SIZES } : undefined,
      };
    case 'product': {
      const { product } = page;
      const canonical = `/products/${encodeURIComponent(product.name)}`;
      const images = product.images.map((url) => absolute(imageSources(url, 1200).src));
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
          brand: { '@type': 'Brand', name: SHOP_NAME },
          offers: {
            '@type': 'Offer',
            url: `${publicUrl}${canonical}`,
            price: price.toFixed(2),
            priceCurrency: 'EGP',
            availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
        },
      };
    }
    case 'product-missing':
      return { title: documentTitle(t('Product not found')), description: t('This product is not in the shop.'), noindex: true };
    case 'not-found':
      return { title: documentTitle(t('Unexpected Application Error!')), description: t('This page is not in the shop.'), noindex: true };
  }
}

/** The tags, one per line, for the template's <head>, in the language the render has set. */
export function pageHead(page: PageHead, { publicUrl, url }: { publicUrl: string; url: URL }): string {
  const head = headOf(page, publicUrl);
  const lang = getLang();
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${publicUrl}${path}`);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(absolute(head.canonical))}">`);
  tags.push(
    `<meta property="og:site_name" content="${SHOP_NAME}">`,
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(absolute(head.canonical ?? `${url.pathname}${url.search}`))}">`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}">`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[lang === 'ar' ? 'en' : 'ar']}">`,
  );
  if (head.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absolute(head.image))}">`);
    if (head.imageAlt) tags.push(`<meta property="og:image:alt" content="${escapeHtml(head.imageAlt)}">`);
    tags.push('<meta name="twitter:card" content="summary_large_image">');
  }
  if (head.preload) {
    const { src, srcSet } = imageSources(head.preload.url);
    tags.push(
      srcSet
        ? `<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(head.preload.sizes)}" fetchpriority="high">`
        : `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high">`,
    );
  }
  if (head.jsonLd) {
    tags.push(`<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('\n    ');
}
