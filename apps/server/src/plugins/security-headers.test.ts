import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/accounts';
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

  it(https ? 'marks the refresh cookie Secure' : 'leaves the refresh cookie usable over http', async () => {
    const { person } = await signUp(app);
    const res = await app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email: person.Email, Password: person.password } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'makazi_refresh');
    expect(cookie?.httpOnly).toBe(true);
    expect(Boolean(cookie?.secure)).toBe(https);
  });
});
