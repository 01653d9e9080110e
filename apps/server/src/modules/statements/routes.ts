import {
  API,
  ROLE_LISTS,
  StatementLine,
  StatementPdfQuery,
  StatementQuery,
  accountingDate,
  toCsv,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_FILE, sendCsv } from '../../http/csv-reply';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromQuery, scopeOf } from '../../plugins/agent-scope';
import { statementPdf } from './pdf';
import { STATEMENT_CSV_COLUMNS } from './csv';

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.statements;
  const tags = ['statements'];
  const preHandler = app.agentScope({
    allowed: ROLE_LISTS.allAllowed,
    agentId: fromQuery('managingAgentId'),
  });

  app.get(
    API.statements.tenant,
    {
      preHandler,
      schema: {
        tags,
        security: BEARER,
        querystring: StatementQuery,
        response: { 200: z.array(StatementLine), ...REFUSALS },
      },
    },
    async (request) => service.lines(scopeOf(request), request.query.tenancyId),
  );

  app.get(
    API.statements.csv,
    {
      preHandler,
      schema: {
        tags,
        security: BEARER,
        querystring: StatementQuery,
        produces: ['text/csv'],
        response: { 200: CSV_FILE, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { tenancyId } = request.query;
      const lines = await service.lines(scopeOf(request), tenancyId);
      const fileName = `statement-${tenancyId}-${accountingDate(app.clock.now())}.csv`;
      return sendCsv(reply, fileName, toCsv(STATEMENT_CSV_COLUMNS, lines));
    },
  );

  app.get(
    API.statements.pdf,
    {
      preHandler,
      schema: { tags, security: BEARER, querystring: StatementPdfQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const { tenancyId, language: asked } = request.query;
      const { tenancy, lines, language } = await service.withTenancy(scopeOf(request), tenancyId, asked);
      const registration = await app.services.agents.registration(scopeOf(request).agentId);
      const pdf = await statementPdf(tenancy, lines, app.clock.now(), language, registration);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="statement-${tenancy.TenancyId}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
