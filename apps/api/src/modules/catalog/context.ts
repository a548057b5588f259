import type { ShopContext } from '../shop-context.ts';

/**
 * What the admin's catalog changes reach besides the database: where product pictures are stored, the catalog's cache
 * (dropped in every process), and the job queue (a save that brings a sold-out size back publishes `stock.back`).
 */
export type CatalogContext = Pick<ShopContext, 'db' | 'images' | 'catalogChanged' | 'jobs'>;
