import { API, Chart, ChartQuery, LedgerExportQuery, ROLE_LISTS, SaveChartRequest } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_FILE, sendCsv } from '../../http/csv-reply';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';

export const ledgerExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.ledgerExport;
  const tags = ['ledger-export'];
  // The books go to the agency's accountant: its admins export them, as they do the year-end pack.
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.ledgerExport.chart,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: "The journal's accounts with the agency's code and name for each",
        security: BEARER,
        querystring: ChartQuery,
        response: { 200: Chart, ...REFUSALS },
      },
    },
    async (request) => service.chart(scopeOf(request).agentId),
  );

  app.post(
    API.ledgerExport.chart,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: "Change the agency's code and name for journal accounts",
        security: BEARER,
        body: SaveChartRequest,
        response: { 200: Chart, ...REFUSALS },
      },
    },
    async (request) => service.saveChart(scopeOf(request).agentId, request.body.entries),
  );

  app.get(
    API.ledgerExport.journalCsv,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: "The month's journal as a general-ledger CSV (general, QuickBooks Online or Xero layout)",
        security: BEARER,
        querystring: LedgerExportQuery,
        produces: ['text/csv'],
        response: { 200: CSV_FILE, ...REFUSALS },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `journal-${request.query.month}-${request.query.layout}.csv`,
        await service.journalCsv(scopeOf(request).agentId, request.query.month, request.query.layout),
      ),
  );
};
