import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPERATION_SUMMARIES } from './openapi-operations';

/** OpenAPI generated from the routes' zod schemas, at /api/openapi.json and /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Makazi API', version: '0.1.0', description: 'Property and tenancy management' },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) => finish(('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject) as OpenApiDocument),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  tags?: string[];
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

const ERROR_BODY = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' }, reqId: { type: 'string' } },
  required: ['message'],
};

/**
 * What the generator leaves out, so other tools can use the document: every
 * operation named and summarised, public ones saying they need no security,
 * the input refusal every route can give, and `nullable` beside a type.
 */
function finish(doc: OpenApiDocument): OpenApiDocument {
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      op.operationId ??= operationIdOf(method, path);
      op.summary ??= OPERATION_SUMMARIES[`${method.toUpperCase()} ${path}`];
      op.security ??= [];
      op.tags ??= [path.split('/')[2] ?? 'api'];
      const responses = (op.responses ??= {});
      // The input guard refuses bad text on every route, before its own schema.
      if (!Object.keys(responses).some((status) => status.startsWith('4'))) {
        responses['400'] = { description: 'Input refused', content: { 'application/json': { schema: ERROR_BODY } } };
      }
      // A file's route (a PDF, a photo, a receipt scan) declares no JSON answers, so it cannot list its refusals
      // itself; a tenant link's route answers a wrong token with 404 too.
      const refusal = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_BODY } } });
      const answersJson = (responses['200'] as { content?: Record<string, unknown> } | undefined)?.content?.['application/json'];
      if (!answersJson || path.includes('{token}')) {
        responses['404'] ??= refusal('Not found: a wrong or ended link, or a record of another agency');
        if (op.security?.length) {
          responses['401'] ??= refusal('Not signed in');
          responses['403'] ??= refusal('Not allowed');
        }
        if (path.startsWith('/api/t/')) responses['429'] ??= refusal('Too many wrong links from this address');
      }
    }
  }
  typeNullables(doc);
  return doc;
}

/** '/api/house/gethousesbyPropId' GET → 'getHouseGethousesbyPropId': unique, stable, URL-safe. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** OpenAPI 3.0 wants a `type` beside `nullable`; zod writes `anyOf` branches of one type without it. */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(typeNullables);
  if (node === null || typeof node !== 'object') return;
  const schema = node as Schema;
  if (schema.nullable === true && schema.type === undefined) {
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    const types = new Set(branches?.map((b) => b.type));
    if (types.size === 1 && [...types][0] !== undefined) schema.type = [...types][0];
  }
  Object.values(schema).forEach(typeNullables);
}
