import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

type Schema = { nullable?: boolean; type?: string | string[]; anyOf?: Schema[]; oneOf?: Schema[]; properties?: Record<string, Schema>; $ref?: string };
type Doc = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components?: { schemas?: Record<string, Schema> };
};

let app: FastifyInstance;
let doc: Doc;
beforeAll(async () => {
  app = await createTestApp();
  doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => app.close());

const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').at(-1)!] : schema;
/** Whether null passes the schema as a validator reads OpenAPI 3.0: `nullable` beside an anyOf does not open its branches. */
const takesNull = (schema: Schema | undefined): boolean => {
  const s = resolve(schema);
  if (!s) return false;
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (branches.length) return branches.some(takesNull);
  return s.nullable === true || s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'));
};

describe('the OpenAPI document describes the answers given', () => {
  it('lets a session answer managingAgentSelf: null, as authenticateuser does for a user nobody hired', async () => {
    const signedIn = resolve(doc.paths['/api/userauth/authenticateuser']!.post!.responses!['200']!.content!['application/json']!.schema);
    expect(takesNull(signedIn!.properties!.managingAgentSelf)).toBe(true);
    expect(takesNull(signedIn!.properties!.adminAccountSelf)).toBe(true);
  });

  it("lists the 404 of every route a wrong token, photo, receipt or another's record answers with", async () => {
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const answersNotFound =
        path.startsWith('/api/t/') || path.startsWith('/api/landlord-view/') || /photo|receipt/.test(path);
      if (!answersNotFound || path === '/api/landlord-view/links') continue;
      for (const [method, op] of Object.entries(methods)) if (!op.responses?.['404']) missing.push(`${method.toUpperCase()} ${path}`);
    }
    expect(missing).toEqual([]);
  });
});
