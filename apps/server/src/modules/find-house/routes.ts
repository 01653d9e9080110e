import { API, ApiErrorBody, ROLE_LISTS, SaveVacancyListingRequest, VacancyListing, VacancyListingQuery, VacantHousesPage, VacantHousesQuery } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { callerOf } from '../../plugins/authenticate';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';

export const findHouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.findHouse;
  const tags = ['find-house'];

  app.get(
    API.findHouse.vacantHouses,
    {
      schema: { tags, security: [], querystring: VacantHousesQuery, response: { 200: VacantHousesPage, 400: ApiErrorBody } },
    },
    async (request, reply) => {
      const q = request.query;
      const page = await service.vacantHouses(
        { county: q.county, town: q.town, estate: q.estate, minRentCents: q.minRent, maxRentCents: q.maxRent },
        q.page,
      );
      // Public and the same for everyone: a short shared cache spares the database.
      reply.header('cache-control', 'public, max-age=30');
      return page;
    },
  );

  app.get(
    API.findHouse.listing,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromQuery('managingAgentId') }),
      schema: { tags, security: BEARER, querystring: VacancyListingQuery, response: { 200: VacancyListing, ...REFUSALS } },
    },
    async (request) => service.listing(scopeOf(request)),
  );

  app.post(
    API.findHouse.listing,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromBody('managingAgentId') }),
      schema: { tags, security: BEARER, body: SaveVacancyListingRequest, response: { 200: VacancyListing, ...REFUSALS } },
    },
    async (request) => service.saveListing(scopeOf(request), callerOf(request), request.body),
  );
};
