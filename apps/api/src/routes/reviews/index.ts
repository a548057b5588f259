import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { pageOf, sendTotal } from '../../lib/pagination.ts';
import { route } from '../../lib/route.ts';
import { accountOf } from '../../plugins/app/auth.ts';
import { addReview, deleteReview, listReviews, myReview } from '../../modules/reviews/reviews.ts';

const reviewRoutes: FastifyPluginAsync = async (app) => {

  route(app, endpoints.productReviews, async (request, reply) => {
    const { reviews, total } = await listReviews(app.db, request.params.x, pageOf(request.query));
    sendTotal(reply, total);
    return reviews;
  }, { config: { catalogCache: true } });

  route(app, endpoints.addReview, async (request) => {
    const review = await addReview(app.shop, accountOf(request), request.params.x, request.body);
    return { ...review, message: MESSAGES.reviewAdded };
  });

  // the caller's own: never cached (the catalog's answers are the same for everyone)
  route(app, endpoints.myReview, async (request) => myReview(app.db, accountOf(request).id, request.params.x));

  route(app, endpoints.deleteReview, async (request) => {
    await deleteReview(app.shop, accountOf(request), request.params.id);
    return { message: MESSAGES.reviewDeleted };
  });
};

export default reviewRoutes;
