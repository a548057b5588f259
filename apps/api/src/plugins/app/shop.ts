// `app.shop`: the shop's context (modules/shop-context.ts), built once from the other plugins and handed to the routes'
// workflows and to the job runner.
import fp from 'fastify-plugin';
import type { ShopContext } from '../../modules/shop-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shop: ShopContext;
  }
}

export default fp(
  async (app) => {
    app.decorate<ShopContext>('shop', {
      db: app.db,
      jobs: app.jobs.queue,
      payments: app.payments,
      messaging: app.messaging,
      courier: app.courier,
      catalogChanged: () => app.catalogChanged(),
      images: app.images,
      mail: app.mail,
      log: app.log,
      config: app.config,
    });
  },
  { name: 'shop', dependencies: ['db', 'jobs', 'payments', 'messaging', 'courier', 'mail', 'catalog-cache', 'storage'] },
);
