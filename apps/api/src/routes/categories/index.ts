import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { route } from '../../lib/route.ts';
import { addCategory, deleteCategory, listCategories } from '../../modules/catalog/categories.ts';

const categoryRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.listCategories, async () => listCategories(app.db));

  route(app, endpoints.addCategory, async (request) => {
    const category = await addCategory(app.db, request.body);
    app.catalogChanged();
    return { ...category, message: MESSAGES.categoryAdded };
  });

  route(app, endpoints.deleteCategory, async (request) => {
    await deleteCategory(app.db, request.params.id);
    app.catalogChanged();
    return { message: MESSAGES.categoryDeleted };
  });
};

export default categoryRoutes;
