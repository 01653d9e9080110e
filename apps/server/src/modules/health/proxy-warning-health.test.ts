import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PROXY_WARNINGS } from '../../security/proxy-warning';
import { createTestApp } from '../../test/app';

describe('TRUST_PROXY with no proxy in front', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp({ trustProxy: 1, logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => app.close());

  it('is said loudly in the log at first sight of a forwarded header from a public address, and in every health answer after', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.2' })).json().warnings).toBeUndefined();
    const spoofed = await app.inject({
      method: 'POST',
      url: '/api/userauth/login',
      remoteAddress: '198.51.100.23',
      headers: { 'x-forwarded-for': '203.0.113.77' },
      payload: { Email: 'nobody@example.com', Password: 'x' },
    });
    expect(spoofed.statusCode).toBe(401);
    const said = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.msg === PROXY_WARNINGS.forwardedByThePublic('198.51.100.23'));
    expect(said).toHaveLength(1);
    expect(said[0]!.level).toBe(50);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().warnings).toEqual([PROXY_WARNINGS.forwardedByThePublic('198.51.100.23')]);
  });
});
