import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../config';
import { createTestApp } from '../test/app';

describe('rate limits per address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
  });
  afterAll(() => app.close());

  it('limits code requests from one address, counting every email, and not other addresses', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.codesPerIp;
    const ask = (i: number, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/client/getOtp', remoteAddress, payload: { Email: `ip${i}@example.com`, FullName: 'I P' } });
    for (let i = 0; i < limit; i++) expect((await ask(i, '10.1.1.1')).statusCode).toBe(200);
    const blocked = await ask(limit, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Wait a few minutes and try again.');
    expect((await ask(limit + 1, '10.2.2.2')).statusCode).toBe(200);
  });

  it('limits login attempts from one address', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.loginPerIp;
    const login = (i: number) =>
      app.inject({ method: 'POST', url: '/api/userauth/login', remoteAddress: '10.3.3.3', payload: { Email: `nobody${i}@example.com`, Password: 'whatever' } });
    for (let i = 0; i < limit; i++) expect((await login(i)).statusCode).toBe(401);
    expect((await login(limit)).statusCode).toBe(429);
  });
});
