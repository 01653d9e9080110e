import { parseCsv } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import type { Agency } from './estate';

/** Sets the agency's paybill and answers its settings (callback paths included). */
export async function setPaybill(
  app: FastifyInstance,
  agency: Agency,
  settings: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mpesa/paybill',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, shortcode: '600984', ...settings },
  });
  if (res.statusCode !== 200) throw new Error(`paybill: ${res.statusCode} ${res.body}`);
  return res.json() as {
    shortcode: string;
    validationPath: string;
    confirmationPath: string;
    ledgerName: string;
  };
}

export function unmatched(app: FastifyInstance, agency: Agency) {
  return app.inject({
    method: 'GET',
    url: `/api/mpesa/unmatched?managingAgentId=${agency.agentId}`,
    headers: agency.auth,
  });
}

export function assign(app: FastifyInstance, agency: Agency, paymentId: number, tenancyId: number) {
  return app.inject({
    method: 'POST',
    url: '/api/mpesa/unmatched/assign',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, paymentId, tenancyId },
  });
}

export function statement(app: FastifyInstance, agency: Agency, step: 'preview' | 'import', csv: string) {
  return app.inject({
    method: 'POST',
    url: `/api/mpesa/statement/${step}`,
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, rows: parseCsv(csv) },
  });
}

export function reconciliation(app: FastifyInstance, agency: Agency, from: string, to: string) {
  return app.inject({
    method: 'GET',
    url: `/api/mpesa/reconciliation?managingAgentId=${agency.agentId}&from=${from}&to=${to}`,
    headers: agency.auth,
  });
}
