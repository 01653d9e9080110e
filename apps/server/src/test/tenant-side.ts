import type { FastifyInstance } from 'fastify';
import type { Agency } from './estate';

/** Sets the agency's Daraja app for STK Push, with the secrets the fake Daraja expects. */
export async function setDaraja(app: FastifyInstance, agency: Agency, over: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mpesa/daraja',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, shortcode: '174379', consumerKey: 'key', consumerSecret: 'secret', passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', ...over },
  });
  if (res.statusCode !== 200) throw new Error(`daraja: ${res.statusCode} ${res.body}`);
  return res.json() as { configured: boolean; shortcode: string; callbackPath: string };
}

/** Sends a new link for the tenancy and answers its token (from the URL the office is shown). */
export async function sendLink(app: FastifyInstance, agency: Agency, tenancyId: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/tenantlinks/send',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, tenancyId, sms: false, email: true },
  });
  if (res.statusCode !== 200) throw new Error(`link: ${res.statusCode} ${res.body}`);
  const url = String(res.json().url);
  return url.slice(url.lastIndexOf('/') + 1);
}

export const tenantGet = (app: FastifyInstance, token: string, rest = '') => app.inject({ method: 'GET', url: `/api/t/${token}${rest}` });
