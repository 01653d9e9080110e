import { API, AgentOnlyQuery, Payout, PayoutRequest, ROLE_LISTS, RemittanceLine, RemittanceQuery, RemittanceRunRequest, RemittanceRunResult } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { requestOrigin } from '../tenant-links/origin';

/** Payouts to landlords and the remittance run (admins only). */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.payouts;
  const tags = ['landlord money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.post(
    API.landlordMoney.payout,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: PayoutRequest, response: { 200: z.object({ message: z.string(), PayoutId: z.number() }), ...REFUSALS } },
    },
    async (request) => service.record(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.get(
    API.landlordMoney.payouts,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: AgentOnlyQuery.extend({ LandlordNo: z.coerce.number().int().positive().optional() }),
        response: { 200: z.array(Payout), ...REFUSALS },
      },
    },
    async (request) => service.list(scopeOf(request).agentId, request.query.LandlordNo),
  );

  app.get(
    API.landlordMoney.remittance,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: RemittanceQuery, response: { 200: z.array(RemittanceLine), ...REFUSALS } },
    },
    async (request) => service.due(scopeOf(request).agentId),
  );

  app.post(
    API.landlordMoney.remittance,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: RemittanceRunRequest, response: { 200: z.array(RemittanceRunResult), ...REFUSALS } },
    },
    async (request) => service.run(scopeOf(request).agentId, callerOf(request), request.body, requestOrigin(request)),
  );

  app.get(
    API.landlordMoney.payoutAdvice,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: AgentOnlyQuery.extend({ PayoutId: z.coerce.number().int().positive() }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const pdf = await service.advicePdf(scopeOf(request).agentId, request.query.PayoutId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="remittance-advice-${request.query.PayoutId}.pdf"`)
        .send(pdf);
    },
  );
};
