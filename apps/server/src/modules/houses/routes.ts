import {
  API,
  AddHouseRequest,
  AllHousesQuery,
  EditHouseRequest,
  House,
  HousesByPropertyQuery,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { agentOfRecord, fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const Created = z.object({ message: z.string(), HouseId: z.number() });
const Updated = z.object({ message: z.string() });

export const houseRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.houses;
  const tags = ['houses'];
  // The agent of a house's property decides who may touch it.
  const propertyAgent = app.services.properties.agentOfProperty;

  app.post(
    API.houses.add,
    {
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.allAllowed,
        agentId: agentOfRecord(fromBody('PropId'), propertyAgent),
      }),
      schema: { tags, security: BEARER, body: AddHouseRequest, response: { 201: Created, ...REFUSALS } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.add(scopeOf(request), request.body.PropId, request.body)),
  );

  app.patch(
    API.houses.edit,
    {
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.allAllowed,
        agentId: agentOfRecord(fromBody('HouseId'), service.agentOfHouse),
      }),
      schema: { tags, security: BEARER, body: EditHouseRequest, response: { 200: Updated, ...REFUSALS } },
    },
    async (request) => service.edit(scopeOf(request), request.body.HouseId, request.body),
  );

  app.get(
    API.houses.byProperty,
    {
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.allAllowed,
        agentId: agentOfRecord(fromQuery('PropId'), propertyAgent),
        limited: { property: fromQuery('PropId') },
      }),
      schema: {
        tags,
        security: BEARER,
        querystring: HousesByPropertyQuery,
        response: { 200: z.array(House), ...REFUSALS },
      },
    },
    async (request) => service.ofProperty(request.query.PropId),
  );

  app.get(
    API.houses.all,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, querystring: AllHousesQuery, response: { 200: z.array(House), ...REFUSALS } },
    },
    async (request) => service.ofAgents(await app.services.agents.actingAgentIds(callerOf(request).userNo), request.query),
  );
};
