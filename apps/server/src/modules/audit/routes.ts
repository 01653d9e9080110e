import { API, AuditList, AuditQuery, ROLE_LISTS } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_FILE, sendCsvStream } from '../../http/csv-reply';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromQuery, scopeOf } from '../../plugins/agent-scope';

/** The audit trail: the account's admins read every change made in it, and export it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = app.services.audit;
  const tags = ['audit'];
  const preHandler = app.agentScope({
    allowed: ROLE_LISTS.adminOnlyAllowed,
    agentId: fromQuery('managingAgentId'),
  });

  app.get(
    API.audit.events,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Changes made in the account, newest first, by person, record and date',
        security: BEARER,
        querystring: AuditQuery,
        response: { 200: AuditList, ...REFUSALS },
      },
    },
    async (request) => audit.list(scopeOf(request).agentId, request.query),
  );

  app.get(
    API.audit.csv,
    {
      preHandler,
      schema: {
        tags,
        summary: 'The audit trail as CSV, with the same filters',
        security: BEARER,
        querystring: AuditQuery,
        response: { 200: CSV_FILE, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const agentId = scopeOf(request).agentId;
      return sendCsvStream(reply, `audit-agent${agentId}.csv`, audit.csv(agentId, request.query));
    },
  );
};
