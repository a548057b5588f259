import type { Db } from '../../db/client.ts';
import type { ProductImages } from '../images/storage.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** What the admin's catalog changes reach besides the database. The app's plugins provide each. */
export interface CatalogContext {
  db: Db;
  /** where product pictures are stored (modules/images/storage.ts) */
  images: ProductImages;
  /** drops the cached catalog answers and pages, in every process of the shop (plugins/app/catalog-cache.ts) */
  catalogChanged(): void;
  /** the job queue (plugins/app/jobs.ts): a save that brings a sold-out size back queues its waiting shoppers' mail */
  jobs: JobQueue;
}
