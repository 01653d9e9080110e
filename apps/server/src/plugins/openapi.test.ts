import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the OpenAPI document', () => {
  it('names, summarises and tags every operation, and says which need no security', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    type Operation = { at: string; summary?: string; operationId?: string; security?: unknown; tags?: unknown };
    const operations = Object.entries(doc.paths as Record<string, Record<string, Omit<Operation, 'at'>>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]): Operation => ({ at: `${method.toUpperCase()} ${path}`, ...op })),
    );
    expect(operations.filter((op) => !op.summary).map((op) => op.at), 'operations without a summary (plugins/openapi-operations.ts)').toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.every((op) => Array.isArray(op.security) && Array.isArray(op.tags))).toBe(true);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });
});
