import {
  API,
  Ledger,
  LedgersQuery,
  Receipt,
  ReceiptsQuery,
  RentReceiptRequest,
  RentReceiptResponse,
  ReverseTransactionRequest,
  ReverseTransactionResponse,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.money;
  const tags = ['money'];

  app.post(
    API.money.receipt,
    {
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.allowedMakeCashPayments,
        agentId: fromBody('managingAgentId'),
      }),
      schema: {
        tags,
        security: BEARER,
        body: RentReceiptRequest,
        response: { 200: RentReceiptResponse, ...REFUSALS },
      },
    },
    async (request) => service.receive(scopeOf(request), callerOf(request), request.body),
  );

  app.post(
    API.money.reverse,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromBody('managingAgentId') }),
      schema: {
        tags,
        security: BEARER,
        body: ReverseTransactionRequest,
        response: { 200: ReverseTransactionResponse, ...REFUSALS },
      },
    },
    async (request) => service.reverse(scopeOf(request), callerOf(request), request.body),
  );

  app.get(
    API.money.ledgers,
    {
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.allowedMakeCashPayments,
        agentId: fromQuery('agentId'),
      }),
      schema: {
        tags,
        security: BEARER,
        querystring: LedgersQuery,
        response: { 200: z.array(Ledger), ...REFUSALS },
      },
    },
    async (request) => service.ledgersOf(scopeOf(request).agentId),
  );

  app.get(
    API.money.receipts,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromQuery('agentId') }),
      schema: {
        tags,
        security: BEARER,
        querystring: ReceiptsQuery,
        response: { 200: z.array(Receipt), ...REFUSALS },
      },
    },
    async (request) =>
      service.receiptsOf(scopeOf(request).agentId, request.query.page, request.query.pageSize),
  );
};
