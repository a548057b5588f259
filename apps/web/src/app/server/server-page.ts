// What a server-rendered page declares (app/server/pages.ts), and how the renderer runs it: the page reads its data
// with the API's PageLoader, each answer travels to the browser under the query key its component reads it by (so
// hydration fetches nothing and renders what the server rendered), and its head is made from that same data.
import type { Params } from 'react-router';
import type { PageLoader, PrimedQuery } from '@shop/core/pages';
import type { PageHead } from './page-head.ts';

export interface PageRequest {
  url: URL;
  /** the route's parameters (`productName` of `/products/:productName`) */
  params: Params;
  /** the catalog reads, each answering what the API's call answers */
  load: PageLoader;
  /**
   * Waits for one of `load`'s answers and carries it to the browser under `key`, the query key the page's component
   * reads it by. An answer of the API's 4xx errors (a missing product) is carried too, then thrown on.
   */
  prime<T>(key: string, answer: Promise<T>): Promise<T>;
}

export interface ServerPage<Data> {
  /** a lazy route's source file, as its import names it: the page carries the stylesheets of its built chunk */
  module?: string;
  /** the page's reads, each primed; a page that reads nothing has none */
  load?(request: PageRequest): Promise<Data>;
  /** the head, from what `load` answered; made while the render's language is set, so t() answers in it */
  head(data: Data, page: { publicUrl: string }): PageHead;
  /** the head when a read answers a 4xx (the page shows that error itself); without it the error breaks the render */
  missing?(): PageHead;
}

/** A page as the renderer runs it, whatever its data. */
export interface RenderedRoute {
  module: string | undefined;
  load(request: Omit<PageRequest, 'prime'>): Promise<LoadedPage>;
}

export interface LoadedPage {
  status: number;
  queries: PrimedQuery[];
  head(publicUrl: string): PageHead;
}

/** A status the API answered (the API's page loader gives a refused read its `statusCode`), or null when the error is not one. */
function statusOf(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

export function serverPage<Data>(page: ServerPage<Data>): RenderedRoute {
  return {
    module: page.module,
    async load(request) {
      const queries: PrimedQuery[] = [];
      async function prime<T>(key: string, answer: Promise<T>): Promise<T> {
        try {
          const data = await answer;
          queries.push({ key, data });
          return data;
        } catch (error) {
          const status = statusOf(error);
          if (status !== null) queries.push({ key, error: { status, message: error instanceof Error ? error.message : 'Not found' } });
          throw error;
        }
      }
      try {
        // a page without reads makes its head from nothing
        const data = (page.load ? await page.load({ ...request, prime }) : undefined) as Data;
        return { status: 200, queries, head: (publicUrl) => page.head(data, { publicUrl }) };
      } catch (error) {
        const status = statusOf(error);
        const { missing } = page;
        if (status === null || !missing) throw error;
        return { status, queries, head: missing };
      }
    },
  };
}
