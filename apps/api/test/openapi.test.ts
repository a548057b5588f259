// /api/openapi.json is generated from the shared contract: it must be valid OpenAPI, list every endpoint of the
// contract, and document every error status each one can answer.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { endpoints, errorStatuses } from '@shop/core/endpoints';
import { getApp } from './helpers.ts';

interface Operation {
  summary?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

async function openApiDocument() {
  const app = await getApp();
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI document', async () => {
    const document = await openApiDocument();
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every endpoint of the contract with its success and every error status, each with a message body', async () => {
    const document = await openApiDocument();
    const missing: string[] = [];
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      if (!operation) {
        missing.push(`${name}: ${endpoint.method} ${endpoint.path} is not documented`);
        continue;
      }
      const documented = Object.keys(operation.responses).map(Number).sort((a, b) => a - b);
      expect(documented, name).toEqual([endpoint.status, ...errorStatuses(endpoint)].sort((a, b) => a - b));
      for (const status of errorStatuses(endpoint)) {
        const schema = operation.responses[status]?.content?.['application/json']?.schema as { properties?: object } | undefined;
        // a 400 that says more (an import's bad cells) starts with the message too
        const keys = Object.keys(schema?.properties ?? {});
        expect(status === 400 && 'refusal' in endpoint ? keys.slice(0, 1) : keys, `${name} ${status}`).toEqual(['message']);
      }
    }
    expect(missing).toEqual([]);
  });

  it('documents no operation without an error status', async () => {
    const document = await openApiDocument();
    const withoutErrors = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !Object.keys(operation.responses).some((status) => Number(status) >= 400))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withoutErrors).toEqual([]);
  });
});
