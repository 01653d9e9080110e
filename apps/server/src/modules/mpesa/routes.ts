import {
  API,
  AssignPaymentRequest,
  AssignPaymentResponse,
  MpesaPayment,
  NotRentRequest,
  NotRentResponse,
  Paybill,
  PaybillQuery,
  Reconciliation,
  ReconciliationQuery,
  ROLE_LISTS,
  SavePaybillRequest,
  StatementImportResult,
  StatementRequest,
  StatementSummary,
  UnmatchedQuery,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

/** A 10,000-row statement is about 3 MB as JSON rows. */
const STATEMENT_BODY_LIMIT = 32 * 1024 * 1024;

export const mpesaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { paybill, statement, queue } = app.services.mpesa;
  const tags = ['mpesa'];
  const admin = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  const payments = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.allowedMakeCashPayments, agentId });

  app.get(
    API.mpesa.paybill,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: "The agency's paybill settings and callback URLs",
        security: BEARER,
        querystring: PaybillQuery,
        response: { 200: Paybill, ...REFUSALS },
      },
    },
    async (request) => paybill.paybillOf(scopeOf(request).agentId),
  );

  app.post(
    API.mpesa.paybill,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: "Set the agency's paybill (makes the Mpesa ledger the first time)",
        security: BEARER,
        body: SavePaybillRequest,
        response: { 200: Paybill, ...REFUSALS },
      },
    },
    async (request) => paybill.save(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.post(
    API.mpesa.rotateToken,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Replace the secret in the callback URLs',
        security: BEARER,
        body: PaybillQuery,
        response: { 200: Paybill, ...REFUSALS },
      },
    },
    async (request) => paybill.rotate(scopeOf(request).agentId, callerOf(request)),
  );

  app.get(
    API.mpesa.unmatched,
    {
      preHandler: payments(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: 'M-Pesa payments that matched no tenancy',
        security: BEARER,
        querystring: UnmatchedQuery,
        response: { 200: z.array(MpesaPayment), ...REFUSALS },
      },
    },
    async (request) => queue.unmatched(scopeOf(request).agentId),
  );

  app.post(
    API.mpesa.assign,
    {
      preHandler: payments(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Post an unmatched payment to a tenancy',
        security: BEARER,
        body: AssignPaymentRequest,
        response: { 200: AssignPaymentResponse, ...REFUSALS },
      },
    },
    async (request) => queue.assign(scopeOf(request), callerOf(request), request.body),
  );

  app.post(
    API.mpesa.notRent,
    {
      preHandler: payments(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Set an unmatched payment aside as not rent',
        security: BEARER,
        body: NotRentRequest,
        response: { 200: NotRentResponse, ...REFUSALS },
      },
    },
    async (request) => queue.notRent(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.post(
    API.mpesa.statementPreview,
    {
      bodyLimit: STATEMENT_BODY_LIMIT,
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'What importing a paybill statement would post',
        security: BEARER,
        body: StatementRequest,
        response: { 200: StatementSummary, ...REFUSALS },
      },
    },
    async (request) => statement.preview(scopeOf(request).agentId, request.body.rows),
  );

  app.post(
    API.mpesa.statementImport,
    {
      bodyLimit: STATEMENT_BODY_LIMIT,
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Import a paybill statement',
        security: BEARER,
        body: StatementRequest,
        response: { 200: StatementImportResult, ...REFUSALS },
      },
    },
    async (request) => statement.import(scopeOf(request).agentId, callerOf(request), request.body.rows),
  );

  app.get(
    API.mpesa.reconciliation,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: 'M-Pesa received against posted, for a date range',
        security: BEARER,
        querystring: ReconciliationQuery,
        response: { 200: Reconciliation, ...REFUSALS },
      },
    },
    async (request) => queue.reconciliation(scopeOf(request).agentId, request.query.from, request.query.to),
  );
};
