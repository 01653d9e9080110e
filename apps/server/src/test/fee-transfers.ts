import { accountingDate } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import type { Agency } from './estate';

/** The agency's earned fees moved from the client account to its office account, as the form sends it: dated today. */
export function transferFees(app: FastifyInstance, agency: Agency, amount: unknown, key: string, fields: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/landlord-money/fee-transfer',
    headers: agency.auth,
    payload: {
      managingAgentId: agency.agentId,
      TransferredOn: accountingDate(app.clock.now()),
      Amount: amount,
      Reference: 'EFT-0001',
      idempotencyKey: key,
      ...fields,
    },
  });
}

export function reverseFeeTransfer(app: FastifyInstance, agency: Agency, transferId: number, reason = 'Moved from the wrong account') {
  return app.inject({
    method: 'POST',
    url: '/api/landlord-money/fee-transfer/reverse',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, TransferId: transferId, reason },
  });
}

export async function feeTransfers(app: FastifyInstance, agency: Agency) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/landlord-money/fee-transfers?managingAgentId=${agency.agentId}`,
    headers: agency.auth,
  });
  if (res.statusCode !== 200) throw new Error(`fee transfers: ${res.statusCode} ${res.body}`);
  return res.json() as {
    TransferId: number;
    TransferredOn: string;
    Amount: number;
    Reference: string;
    Note: string;
    Status: 'transferred' | 'reversed';
    ReversalReason: string | null;
    Landlords: { LandlordNo: number; Landlord_name: string; Amount: number }[];
  }[];
}
