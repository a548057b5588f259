import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { route } from '../../lib/route.ts';
import { addCategory, deleteCategory, listCategories, updateCategory } from '../../modules/catalog/categories.ts';
import { accountOf } from '../../plugins/app/auth.ts';

const categoryRoutes: FastifyPluginAsync = async (app) => {

  route(app, endpoints.listCategories, async () => listCategories(app.db));

  route(app, endpoints.addCategory, async (request) => {
    const category = await addCategory(app.shop, request.body, accountOf(request));
    return { ...category, message: MESSAGES.categoryAdded };
  });

  route(app, endpoints.updateCategory, async (request) => {
    const category = await updateCategory(app.shop, request.params.id, request.body, accountOf(request));
    return { ...category, message: MESSAGES.categoryUpdated };
  });

  route(app, endpoints.deleteCategory, async (request) => {
    await deleteCategory(app.shop, request.params.id, accountOf(request));
    return { message: MESSAGES.categoryDeleted };
  });
};

export default categoryRoutes;
