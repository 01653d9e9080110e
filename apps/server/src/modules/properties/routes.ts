import { API, PropertiesByAgentQuery, Property, RegisterPropertyRequest, ROLE_LISTS } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.properties;
  const tags = ['properties'];

  app.post(
    API.properties.register,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.allAllowed, agentId: fromBody('managingAgentId') }),
      schema: {
        tags,
        security: BEARER,
        body: RegisterPropertyRequest,
        response: { 201: z.object({ message: z.string(), PropId: z.number(), AgreementNeeded: z.boolean() }), ...REFUSALS },
      },
    },
    async (request, reply) => reply.status(201).send(await service.register(scopeOf(request), request.body)),
  );

  app.get(
    API.properties.byAgent,
    {
      // A caretaker picks among their properties on the water and repairs screens.
      preHandler: app.agentScope({ allowed: ROLE_LISTS.propertyWork, agentId: fromQuery('agentId'), limited: 'filtered' }),
      schema: {
        tags,
        security: BEARER,
        querystring: PropertiesByAgentQuery,
        response: { 200: z.array(Property), ...REFUSALS },
      },
    },
    async (request) => service.list([scopeOf(request).agentId], scopeOf(request).propIds),
  );

  app.get(
    API.properties.all,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, response: { 200: z.array(Property), ...REFUSALS } },
    },
    // "All" is every agent the caller may act on now, never other agencies'.
    async (request) => service.list(await app.services.agents.actingAgentIds(callerOf(request).userNo)),
  );
};
