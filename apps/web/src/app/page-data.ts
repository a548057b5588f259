import type { PrimedQuery } from '@shop/core/pages';

/** What a server-rendered page carries for the browser to hydrate from (the `page-data` JSON block). */
export interface PageData {
  queries: PrimedQuery[];
  /** React Router's state: the 404 page's error, serialized the way its server rendering does it */
  router: { loaderData: Record<string, unknown>; actionData: null; errors: Record<string, unknown> | null };
}
