import { API, LandlordMonths, LandlordMonthsQuery, MonthCloseRequest, OwnerStatement, OwnerStatementQuery, ROLE_LISTS } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-reply';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

/** A landlord's owner statement for a month: on screen, as A4 PDF, as CSV, and emailed (admins only). */
export const ownerStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.ownerStatements;
  const tags = ['landlord money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  const fileName = (q: { LandlordNo: number; month?: string | undefined }) =>
    `owner-statement-${q.LandlordNo}${q.month ? `-${q.month}` : ''}`;

  app.get(
    API.landlordMoney.ownerStatement,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: OwnerStatementQuery,
        response: { 200: OwnerStatement, ...REFUSALS },
      },
    },
    async (request) =>
      service.statement(scopeOf(request).agentId, request.query.LandlordNo, request.query.month),
  );

  app.get(
    API.landlordMoney.ownerStatementPdf,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: OwnerStatementQuery, produces: ['application/pdf'] },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(request.query)}.pdf"`)
        .send(await service.pdf(scopeOf(request).agentId, request.query.LandlordNo, request.query.month)),
  );

  app.get(
    API.landlordMoney.ownerStatementCsv,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: OwnerStatementQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `${fileName(request.query)}.csv`,
        await service.csv(scopeOf(request).agentId, request.query.LandlordNo, request.query.month),
      ),
  );

  app.post(
    API.landlordMoney.ownerStatementEmail,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: OwnerStatementQuery,
        response: { 200: z.object({ message: z.string() }), ...REFUSALS },
      },
    },
    async (request) => service.email(scopeOf(request).agentId, request.body.LandlordNo, request.body.month),
  );

  app.post(
    API.landlordMoney.monthClose,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: MonthCloseRequest,
        response: { 200: z.object({ message: z.string() }), ...REFUSALS },
      },
    },
    async (request) => service.close(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.get(
    API.landlordMoney.months,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: LandlordMonthsQuery,
        response: { 200: LandlordMonths, ...REFUSALS },
      },
    },
    async (request) => service.months(scopeOf(request).agentId, request.query.LandlordNo),
  );
};
