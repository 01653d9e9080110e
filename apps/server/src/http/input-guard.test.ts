import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { agencyWithOwner, type Agency } from '../test/estate';

let app: FastifyInstance;
let agency: Agency;
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
});
afterAll(() => app.close());

const register = (fields: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/client/register',
    headers: agency.auth,
    payload: { First_name: 'Amani', Last_name: 'Wekesa', Email: 'amani.w@example.com', PhoneNo: '0712345678', CapturingAgentId: agency.agentId, ...fields },
  });

describe('text any request carries', () => {
  it.each([
    ['a NUL byte', 'Ama\u0000ni'],
    ['an escape sequence', 'Ama\u001b[31mni'],
    ['a DEL', 'Ama\u007fni'],
  ])('with %s answers 400 with a clear message', async (_label, First_name) => {
    const res = await register({ First_name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Text may not contain control characters', errors: [{ path: 'body.First_name' }] });
  });

  it('longer than any field answers 400, in the query too', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/client/getclientbyProvideddetails?searchOption=Full_name&searchValue=${'x'.repeat(3_000)}&managingAgentId=${agency.agentId}`,
      headers: agency.auth,
    });
    expect(res.statusCode).toBe(400);
  });

  it('a sign-in email of 3,000 random characters is a wrong sign-in, not a server error', async () => {
    const email = Array.from({ length: 3_000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join('');
    const res = await app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email: email, Password: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('refuses prototype keys in bodies and queries', async () => {
    const body = await app.inject({
      method: 'POST',
      url: '/api/client/register',
      headers: { ...agency.auth, 'content-type': 'application/json' },
      payload: `{"First_name":"Amani","Last_name":"W","Email":"a@example.com","PhoneNo":"0712345678","CapturingAgentId":${agency.agentId},"__proto__":{"admin":true}}`,
    });
    expect(body.statusCode).toBe(400);
    const ctor = await app.inject({
      method: 'POST',
      url: '/api/client/register',
      headers: { ...agency.auth, 'content-type': 'application/json' },
      payload: `{"First_name":"Amani","constructor":{"prototype":{"admin":true}}}`,
    });
    expect(ctor.statusCode).toBe(400);
    const query = await app.inject({ method: 'GET', url: `/api/tenancy/counts?managingAgentId=${agency.agentId}&__proto__=admin`, headers: agency.auth });
    expect(query.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('keeps line breaks out of one-line fields', async () => {
    const res = await register({ Last_name: 'Wekesa\nBcc: someone@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Text may not contain line breaks');
  });
});

describe('answers that carry personal data', () => {
  it('are never cached', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/client/getClientByClientNo?clientNo=1&managingAgentId=${agency.agentId}`, headers: agency.auth });
    expect(res.headers['cache-control']).toBe('no-store');
    const info = await app.inject({ method: 'GET', url: `/api/usermanagement/getusersgeneralinformation?userNo=${agency.userNo}`, headers: agency.auth });
    expect(info.headers['cache-control']).toBe('no-store');
  });
});
