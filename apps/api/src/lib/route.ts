// Registers a route from its entry in the shared contract (packages/shop-core/src/endpoints.ts): method, path,
// who may call it, the schemas Fastify validates with, and every answer OpenAPI documents. A route module only
// says what the call does.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorStatuses } from '@shop/core/endpoints';
import type { Endpoint } from '@shop/core/endpoints/endpoint';
import { MessageSchema } from '@shop/core/contract/fields';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RequestOf<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: E['consumes'] extends readonly string[] ? unknown : Parsed<E['body']>;
};

export type Handler<E extends Endpoint> = (request: RequestOf<E>, reply: FastifyReply) => Promise<z.input<E['answer']>>;

/**
 * How long an upload (a multipart form: pictures, a spreadsheet) or a streamed spreadsheet may take, where every other
 * request has REQUEST_TIMEOUT: a file arriving over a slow line is not a stuck request.
 */
export const LONG_REQUEST_MS = 10 * 60_000;

export interface RouteExtras {
  config?: FastifyContextConfig;
  /** this route's own limit instead of REQUEST_TIMEOUT (multipart uploads get LONG_REQUEST_MS by themselves) */
  handlerTimeout?: number;
  /** after the body is checked: a limit counted by a field of the body (a guest's email) */
  preHandler?: RouteOptions['preHandler'];
}

// A body the route reads itself (a multipart form) is documented but not validated up front.
const bodyReadByRoute: FastifySchemaCompiler<FastifySchema> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any type provider: the contract types the handler
export function route<E extends Endpoint>(app: FastifyInstance<any, any, any, any, any>, endpoint: E, handler: Handler<E>, extras: RouteExtras = {}) {
  const guards = { public: undefined, 'signed-in': app.authenticate, staff: app.requireStaff, admin: app.requireAdmin };
  const guard = guards[endpoint.access];
  const errors = Object.fromEntries(errorStatuses(endpoint).map((status) => [status, status === 400 && endpoint.refusal ? endpoint.refusal : MessageSchema]));
  const options: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    ...(extras.config ? { config: extras.config } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    ...(extras.handlerTimeout || endpoint.consumes ? { handlerTimeout: extras.handlerTimeout ?? LONG_REQUEST_MS } : {}),
    ...(guard ? { onRequest: guard } : {}), // before the body is read: no token is a 401 even with a malformed body
    ...(endpoint.consumes && endpoint.body ? { validatorCompiler: bodyReadByRoute } : {}),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[2] ?? 'api'],
      ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      response: { [endpoint.status]: endpoint.answer, ...errors },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await handler(request as unknown as RequestOf<E>, reply);
      if (reply.sent) return reply;
      return reply.status(endpoint.status).send(answer);
    },
  };
  app.route(options);
}
