import {
  API,
  PassThroughOwed,
  PassThroughPayment,
  PassThroughPaymentRequest,
  PassThroughQuery,
  ROLE_LISTS,
  ReversePassThroughPaymentRequest,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const Message = z.object({ message: z.string() });

/** Pass-through money paid onward to the third parties it is owed to (admins only, as payouts). */
export const passThroughRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.passThrough;
  const tags = ['landlord money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.landlordMoney.passThroughOwed,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: PassThroughQuery,
        response: { 200: z.array(PassThroughOwed), ...REFUSALS },
      },
    },
    async (request) => service.owed(scopeOf(request).agentId, request.query.LandlordNo),
  );

  app.get(
    API.landlordMoney.passThroughPayments,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: PassThroughQuery, response: { 200: z.array(PassThroughPayment), ...REFUSALS } },
    },
    async (request) => service.list(scopeOf(request).agentId, request.query.LandlordNo),
  );

  app.post(
    API.landlordMoney.passThroughPayment,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: PassThroughPaymentRequest,
        response: { 200: Message.extend({ PaymentId: z.number() }), ...REFUSALS },
      },
    },
    async (request) => service.record(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.post(
    API.landlordMoney.reversePassThroughPayment,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: ReversePassThroughPaymentRequest, response: { 200: Message, ...REFUSALS } },
    },
    async (request) => service.reverse(scopeOf(request).agentId, callerOf(request), request.body),
  );
};
