import {
  API,
  BreachList,
  BreachNotifiedRequest,
  CloseDataRequest,
  DataRequestList,
  DpAgentQuery,
  DpMessage,
  DpPersonQuery,
  EraseRequest,
  RecordBreachRequest,
  RecordDataRequest,
  RetentionRequest,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

/**
 * The office's side of data protection (docs/decisions/045-data-protection.md):
 * anyone of the account sees the requests and records one a person made by
 * phone or at the counter; only its admins answer them, export a person's
 * data, erase, set the retention and keep the breach register.
 */
export const dataProtectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.dataProtection;
  const secured = { tags: ['data protection'], security: BEARER };
  const anyone = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.allAllowed, agentId });
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.dataProtection.requests,
    {
      preHandler: anyone(fromQuery('managingAgentId')),
      schema: { ...secured, summary: 'Requests about personal data, open ones first with their clock', querystring: DpAgentQuery, response: { 200: DataRequestList, ...REFUSALS } },
    },
    async (request) => service.list(scopeOf(request)),
  );

  app.post(
    API.dataProtection.record,
    {
      preHandler: anyone(fromBody('managingAgentId')),
      schema: {
        ...secured,
        summary: 'Record a request a person made to the office',
        body: RecordDataRequest,
        response: { 200: DpMessage.extend({ requestId: z.number(), dueAt: z.string() }), ...REFUSALS },
      },
    },
    async (request) => service.record(scopeOf(request), callerOf(request).userNo, request.body),
  );

  app.post(
    API.dataProtection.close,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, summary: 'Answer a request: done or refused, with what was done', body: CloseDataRequest, response: { 200: DpMessage, ...REFUSALS } },
    },
    async (request) => service.close(scopeOf(request), callerOf(request).userNo, request.body),
  );

  app.get(
    API.dataProtection.exportJson,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { ...secured, summary: 'Everything held about a person, as JSON', querystring: DpPersonQuery, produces: ['application/json'] },
    },
    async (request, reply) => {
      const data = await service.exportOf(scopeOf(request).agentId, request.query.clientNo);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="personal-data-${request.query.clientNo}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    API.dataProtection.exportPdf,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { ...secured, summary: 'Everything held about a person, as a readable PDF in their language', querystring: DpPersonQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const data = await service.exportOf(scopeOf(request).agentId, request.query.clientNo);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="personal-data-${request.query.clientNo}.pdf"`)
        .send(await service.pdf(data));
    },
  );

  app.post(
    API.dataProtection.erase,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        ...secured,
        summary: 'Anonymise a person where no law requires their data to be kept (the books keep amounts and dates under a pseudonym)',
        body: EraseRequest,
        response: { 200: DpMessage, ...REFUSALS },
      },
    },
    async (request) => service.erase(scopeOf(request), callerOf(request).userNo, request.body.clientNo),
  );

  app.post(
    API.dataProtection.retention,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, summary: 'Years after a tenancy ends before its people are anonymised', body: RetentionRequest, response: { 200: DpMessage, ...REFUSALS } },
    },
    async (request) => service.saveRetention(scopeOf(request), callerOf(request).userNo, request.body.retentionYears),
  );

  app.get(
    API.dataProtection.breaches,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { ...secured, summary: 'The breach register with the 72-hour clock to the ODPC', querystring: DpAgentQuery, response: { 200: BreachList, ...REFUSALS } },
    },
    async (request) => service.breaches(scopeOf(request)),
  );

  app.post(
    API.dataProtection.recordBreach,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, summary: 'Record a breach of personal data', body: RecordBreachRequest, response: { 200: DpMessage, ...REFUSALS } },
    },
    async (request) => service.recordBreach(scopeOf(request), callerOf(request).userNo, request.body),
  );

  app.post(
    API.dataProtection.breachNotified,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, summary: 'Record when the ODPC was notified of a breach', body: BreachNotifiedRequest, response: { 200: DpMessage, ...REFUSALS } },
    },
    async (request) => service.breachNotified(scopeOf(request), request.body),
  );
};
