import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@shop/core/messages';
import { AddCategoryBodySchema, CategorySchema, IdSchema, MessageSchema } from '@shop/core/schemas';
import { addCategory, deleteCategory, listCategories } from './repository.ts';

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: z.array(CategorySchema) } } }, async () => listCategories(app.db));

  app.post(
    '/add-category',
    {
      onRequest: app.requireAdmin,
      schema: { security: [{ bearer: [] }], body: AddCategoryBodySchema, response: { 201: CategorySchema.extend({ message: z.string() }) } },
    },
    async (request, reply) => {
      const category = await addCategory(app.db, request.body);
      app.catalogChanged();
      return reply.status(201).send({ ...category, message: MESSAGES.categoryAdded });
    },
  );

  app.delete(
    '/delete/:id',
    { onRequest: app.requireAdmin, schema: { security: [{ bearer: [] }], params: z.object({ id: IdSchema }), response: { 200: MessageSchema } } },
    async (request) => {
      await deleteCategory(app.db, request.params.id);
      app.catalogChanged();
      return { message: MESSAGES.categoryDeleted };
    },
  );
};

export default categoryRoutes;
