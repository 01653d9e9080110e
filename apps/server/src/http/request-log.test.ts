import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/database';

const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  // The default log level, as the server runs.
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), webDist: undefined, deliverNotices: false, recoverStk: false };
  app = await buildApp(config, { database: await openTestDatabase(), logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(() => app.close());

describe('the request log', () => {
  it('writes one line per request when it is answered: method, path, status and time, never the credentials', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here?x=1', headers: { authorization: 'Bearer secret-token', cookie: 'makazi_refresh=secret-cookie' } });
    expect(res.statusCode).toBe(404);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.reqId === res.json().reqId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/nothing-here?x=1' },
      res: { statusCode: 404 },
      responseTime: expect.any(Number),
    });
    expect(lines.join('\n')).not.toMatch(/secret-token|secret-cookie/);
  });
});
