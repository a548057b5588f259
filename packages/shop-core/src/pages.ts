// What the API server and the storefront's server-rendering entry (apps/web/src/app/server/entry-server.tsx)
// exchange when a page is rendered on the server: the API loads the page's data through its catalog module, the
// storefront renders it and carries the same answers to the browser, which hydrates without fetching them again.
import type { AnswerOf, ParamsOf, QueryOf } from './endpoints.ts';
import type { Lang } from './locale.ts';

/** One entry of the storefront's query cache, as the HTML carries it: an answer, or the error the API gave. */
export type PrimedQuery = { key: string; data: unknown } | { key: string; error: { status: number; message: string } };

/**
 * The reads a page may need, each answering what the API answers for that call; a read the call would refuse fails
 * with an error carrying that answer's `statusCode` and sentence.
 */
export interface PageLoader {
  /** the brand's settings: every page reads them (header, footer, title, Open Graph, the accent colour) */
  settings(): Promise<AnswerOf<'getSettings'>>;
  newProducts(query: QueryOf<'listProducts'>): Promise<AnswerOf<'listProducts'>>;
  /** the home page's bestsellers rail (decision 054) */
  bestsellers(): Promise<AnswerOf<'bestsellers'>>;
  shopProducts(query: QueryOf<'shopProducts'>): Promise<{ items: AnswerOf<'shopProducts'>; total: number }>;
  facets(query: QueryOf<'productFacets'>): Promise<AnswerOf<'productFacets'>>;
  product(params: ParamsOf<'getProduct'>): Promise<AnswerOf<'getProduct'>>;
  relatedProducts(params: ParamsOf<'relatedProducts'>): Promise<AnswerOf<'relatedProducts'>>;
  categories(): Promise<AnswerOf<'listCategories'>>;
  /** the delivery table (PRODUCT section 8): the product page's "Delivery from EGP N" */
  shipping(): Promise<AnswerOf<'getShipping'>>;
}

export interface RenderedPage {
  status: number;
  /** the whole document */
  html: string;
}

export interface PageRenderer {
  /** the addresses of the pages rendered here, as route patterns (`/`, `/products/:productName`): the API serves them */
  paths: readonly string[];
  /** 'server': rendered here; 'client': a page of the browser alone (cart, account, dashboard); 'unknown': a 404 */
  kind(pathname: string): 'server' | 'client' | 'unknown';
  /** `lang`: the page's language (the `lang` cookie, else Accept-Language); English when not given */
  render(url: URL, load: PageLoader, options: { publicUrl: string; lang?: Lang }): Promise<RenderedPage>;
}
