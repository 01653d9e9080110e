import {
  API,
  Ledger,
  LedgersQuery,
  Receipt,
  ReceiptsExportQuery,
  ReceiptsQuery,
  RentReceiptRequest,
  RentReceiptResponse,
  ReverseTransactionRequest,
  ReverseTransactionResponse,
  ROLE_LISTS,
  accountingDate,
  csvStream,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_FILE, sendCsvStream } from '../../http/csv-reply';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { RECEIPT_CSV_COLUMNS } from './csv';

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
    async (request) => {
      const { page, pageSize, from, to } = request.query;
      return service.receiptsOf({ agentId: scopeOf(request).agentId, from, to }, page, pageSize);
    },
  );

  app.get(
    API.money.receiptsCsv,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromQuery('agentId') }),
      schema: {
        tags,
        security: BEARER,
        querystring: ReceiptsExportQuery,
        produces: ['text/csv'],
        response: { 200: CSV_FILE, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { agentId } = scopeOf(request);
      const { from, to } = request.query;
      const receipts = service.exportReceipts({ agentId, from, to });
      const range = from || to ? `-${from ?? 'start'}-to-${to ?? accountingDate(app.clock.now())}` : `-${accountingDate(app.clock.now())}`;
      return sendCsvStream(reply, `receipts-agent${agentId}${range}.csv`, csvStream(RECEIPT_CSV_COLUMNS, receipts));
    },
  );
};
