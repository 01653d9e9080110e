import {
  API,
  AgentOnlyQuery,
  ClientAccount,
  ClientAccountRequest,
  ClientAccountUpdateRequest,
  ClientMoneyBooks,
  ClientMoneyBooksQuery,
  ROLE_LISTS,
  ClientMoneyReconciliation,
  ClientMoneyReconciliationRequest,
  ClientMoneyReconciliationsQuery,
  YearEndPack,
  YearEndQuery,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-reply';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const Message = z.object({ message: z.string() });

/** The client accounts, their reconciliation with the books and the accountant's year-end pack: whoever may read the trust screen (admins). */
export const clientMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.clientMoney;
  const tags = ['client money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  const fileName = (q: { from: string; to: string }) => `client-money-${q.from}-${q.to}`;

  app.get(
    API.clientMoney.accounts,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: AgentOnlyQuery, response: { 200: z.array(ClientAccount), ...REFUSALS } },
    },
    async (request) => service.accounts(scopeOf(request).agentId),
  );

  app.post(
    API.clientMoney.account,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: ClientAccountRequest, response: { 200: Message.extend({ AccountId: z.number() }), ...REFUSALS } },
    },
    async (request) => service.addAccount(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.post(
    API.clientMoney.updateAccount,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: ClientAccountUpdateRequest, response: { 200: Message.extend({ AccountId: z.number() }), ...REFUSALS } },
    },
    async (request) => service.updateAccount(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.get(
    API.clientMoney.books,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: ClientMoneyBooksQuery, response: { 200: ClientMoneyBooks, ...REFUSALS } },
    },
    async (request) => service.books(scopeOf(request).agentId, request.query.Day),
  );

  app.post(
    API.clientMoney.reconciliation,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: ClientMoneyReconciliationRequest, response: { 200: Message.extend({ ReconId: z.number() }), ...REFUSALS } },
    },
    async (request) => service.record(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.get(
    API.clientMoney.reconciliations,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: ClientMoneyReconciliationsQuery, response: { 200: z.array(ClientMoneyReconciliation), ...REFUSALS } },
    },
    async (request) => service.list(scopeOf(request).agentId, request.query.from, request.query.to),
  );

  app.get(
    API.clientMoney.yearEnd,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: YearEndQuery, response: { 200: YearEndPack, ...REFUSALS } },
    },
    async (request) => service.yearEnd(scopeOf(request).agentId, request.query.from, request.query.to),
  );

  app.get(
    API.clientMoney.yearEndPdf,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: YearEndQuery, produces: ['application/pdf'] },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(request.query)}.pdf"`)
        .send(await service.yearEndPdf(scopeOf(request).agentId, request.query.from, request.query.to)),
  );

  app.get(
    API.clientMoney.yearEndCsv,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: YearEndQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      sendCsv(reply, `${fileName(request.query)}.csv`, await service.yearEndCsv(scopeOf(request).agentId, request.query.from, request.query.to)),
  );
};
