import { API, FeeTransfer, FeeTransferQuery, FeeTransferRequest, ROLE_LISTS, ReverseFeeTransferRequest } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const Message = z.object({ message: z.string() });

/** The agency's earned fees moved out of the client account (admins only: money leaving trust, as payouts). */
export const feeTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.feeTransfers;
  const tags = ['landlord money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.landlordMoney.feeTransfers,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: FeeTransferQuery, response: { 200: z.array(FeeTransfer), ...REFUSALS } },
    },
    async (request) => service.list(scopeOf(request).agentId),
  );

  app.post(
    API.landlordMoney.feeTransfer,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: FeeTransferRequest,
        response: { 200: Message.extend({ TransferId: z.number() }), ...REFUSALS },
      },
    },
    async (request) => service.record(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.post(
    API.landlordMoney.reverseFeeTransfer,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: ReverseFeeTransferRequest, response: { 200: Message, ...REFUSALS } },
    },
    async (request) => service.reverse(scopeOf(request).agentId, callerOf(request), request.body),
  );
};
