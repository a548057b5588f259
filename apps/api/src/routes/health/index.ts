import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@shop/core/endpoints';
import { MESSAGES } from '@shop/core/messages';
import { unavailable } from '../../modules/errors.ts';
import { route } from '../../lib/route.ts';

const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.health, async () => ({ status: 'ok' }));

  // For load balancers: ready only while the database answers and has not lately refused to store (a full disk),
  // and the process is not draining for a stop. Redis being away is said but is no reason: every process shares
  // it, and each counts its own limits meanwhile.
  route(app, endpoints.ready, async () => {
    if (app.draining) throw unavailable('The shop is restarting, please try again shortly');
    if (app.storageRefusals.recent()) throw unavailable(MESSAGES.cannotSave);
    try {
      await app.database.ping();
    } catch {
      throw unavailable(MESSAGES.unavailable);
    }
    const redis = app.redisState();
    return { status: 'ready', ...(redis ? { redis } : {}) };
  });
};

export default healthRoutes;
