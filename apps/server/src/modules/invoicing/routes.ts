import {
  API,
  AutomaticInvoicingRequest,
  AutomaticInvoicingResponse,
  InvoiceRun,
  InvoicingDetails,
  InvoicingQuery,
  ROLE_LISTS,
  RunInvoicesRequest,
  RunInvoicesResponse,
  SendInvoicesRequest,
  SendInvoicesResponse,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

export const invoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.invoicing;
  const tags = ['invoicing'];
  const admin = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.tenancies.invoicingDetails,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: InvoicingQuery,
        response: { 200: InvoicingDetails, ...REFUSALS },
      },
    },
    async (request) => service.details(scopeOf(request).agentId),
  );

  app.post(
    API.tenancies.runInvoices,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: RunInvoicesRequest,
        response: { 200: RunInvoicesResponse, ...REFUSALS },
      },
    },
    async (request) => service.run(scopeOf(request).agentId, callerOf(request).userNo),
  );

  app.post(
    API.tenancies.automaticInvoicing,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: AutomaticInvoicingRequest,
        response: { 200: AutomaticInvoicingResponse, ...REFUSALS },
      },
    },
    async (request) => service.setAutomatic(scopeOf(request).agentId, callerOf(request).userNo, request.body.automatic),
  );

  app.post(
    API.tenancies.sendInvoices,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Send each tenant an invoice when the monthly run charges them, or stop',
        security: BEARER,
        body: SendInvoicesRequest,
        response: { 200: SendInvoicesResponse, ...REFUSALS },
      },
    },
    async (request) => service.setSendInvoices(scopeOf(request).agentId, callerOf(request).userNo, request.body.sendInvoices),
  );

  app.get(
    API.tenancies.invoiceRuns,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: InvoicingQuery,
        response: { 200: z.array(InvoiceRun), ...REFUSALS },
      },
    },
    async (request) => service.history(scopeOf(request).agentId),
  );
};
