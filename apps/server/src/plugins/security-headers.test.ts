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

describe('the security headers every answer carries', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ https: true, publicUrl: 'https://makazi.example.co.ke' });
  });
  afterAll(() => app.close());

  // Written out, not read from helmet: the headers are computed once at start (plugins/security-headers.ts).
  const expected = {
    'content-security-policy':
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;" +
      "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=15552000',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it.each([
    ['an answer', { method: 'GET' as const, url: '/api/health' }, 200],
    ['a route that does not exist', { method: 'GET' as const, url: '/api/nothing-here' }, 404],
    ['a refusal of bad input', { method: 'POST' as const, url: '/api/userauth/login', payload: { Email: 'not an email' } }, 400],
  ])('%s', async (_what, request, status) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(expected);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
