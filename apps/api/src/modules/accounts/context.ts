import type { ShopContext } from '../shop-context.ts';

/** What the accounts' workflows reach besides the database: the job queue, which carries their mail (account-mail.ts). */
export type AccountContext = Pick<ShopContext, 'db' | 'jobs'>;
