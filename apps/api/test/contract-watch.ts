// Every error answer the API tests provoke is checked against the contract: a status a route answers but does not
// document (packages/shop-core/src/endpoints.ts) fails the test file that provoked it (see contract-setup.ts).
import type { FastifyInstance } from 'fastify';

export const undocumentedAnswers: string[] = [];

export function watchContract(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const documented = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
    if (!documented) return; // not a call of the contract: the storefront, robots.txt, an unknown address
    if (reply.statusCode >= 400 && !(String(reply.statusCode) in documented)) {
      undocumentedAnswers.push(`${request.method} ${request.routeOptions.url} answered ${reply.statusCode}`);
    }
  });
}
