import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

describe.each([
  { served: 'over plain HTTP (no PUBLIC_URL)', config: { https: false, publicUrl: undefined }, https: false },
  { served: 'at an http:// PUBLIC_URL', config: { https: false, publicUrl: 'http://makazi.office:3000' }, https: false },
  { served: 'at an https:// PUBLIC_URL', config: { https: true, publicUrl: 'https://makazi.example.co.ke' }, https: true },
])('security headers when served $served', ({ config, https }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(config);
  });
  afterAll(() => app.close());

  it(https ? 'sends HSTS and upgrade-insecure-requests' : 'sends neither HSTS nor upgrade-insecure-requests', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    if (https) {
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(csp).toContain('upgrade-insecure-requests');
    } else {
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });
});
