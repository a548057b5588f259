// The storage plugin: decorates the app with the product images (modules/images/storage.ts) and serves them at
// /images/<name> with a year-long immutable cache, from the data directory or from the bucket.
import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@shop/core/messages';
import { ProductImages, storageFor } from '../../modules/images/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    images: ProductImages;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export default fp(
  async (app) => {
    const storage = storageFor(app.config);
    app.decorate('images', new ProductImages(storage));
    if (!app.config.s3) {
      await mkdir(app.config.imagesDir, { recursive: true, mode: 0o700 });
      await app.register(fastifyStatic, {
        root: app.config.imagesDir,
        prefix: '/images/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
        wildcard: true,
      });
      return;
    }
    app.withTypeProvider<ZodTypeProvider>().get(
      '/images/:name',
      { schema: { hide: true, params: z.object({ name: z.string().regex(/^[\w-]+\.(webp|png)$/) }) } },
      async (request, reply) => {
        const data = await storage.get(request.params.name);
        if (!data) return reply.status(404).send({ message: MESSAGES.notFound });
        return reply.header('Cache-Control', IMMUTABLE).type(request.params.name.endsWith('.png') ? 'image/png' : 'image/webp').send(data);
      },
    );
  },
  { name: 'storage', dependencies: ['db'] },
);
