import {
  API,
  GoLiveRequest,
  OpeningBalances,
  OpeningBalancesQuery,
  OpeningLandlordsRequest,
  OpeningMetersRequest,
  OpeningTenanciesRequest,
  ROLE_LISTS,
  ReverseOpeningLandlordRequest,
  ReverseOpeningTenancyRequest,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const Entered = z.object({ message: z.string(), Entries: z.number() });
const Reversed = z.object({ message: z.string(), Reversed: z.number() });

/** Moving in: the go-live month and the opening balances (admins only: they put money on the books). */
export const openingBalanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.openingBalances;
  const tags = ['opening balances'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.openingBalances.list,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: OpeningBalancesQuery, response: { 200: OpeningBalances, ...REFUSALS } },
    },
    async (request) => service.list(scopeOf(request).agentId),
  );

  app.post(
    API.openingBalances.goLive,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: GoLiveRequest,
        response: { 200: z.object({ message: z.string(), GoLiveMonth: z.string().nullable() }), ...REFUSALS },
      },
    },
    async (request) => service.setGoLive(scopeOf(request).agentId, callerOf(request), request.body.GoLiveMonth),
  );

  app.post(
    API.openingBalances.tenancies,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: OpeningTenanciesRequest,
        response: { 200: Entered.extend({ Tenancies: z.number() }), ...REFUSALS },
      },
    },
    async (request) => service.enterTenancies(scopeOf(request).agentId, callerOf(request), request.body.Tenancies),
  );

  app.post(
    API.openingBalances.reverseTenancy,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: ReverseOpeningTenancyRequest, response: { 200: Reversed, ...REFUSALS } },
    },
    async (request) => service.reverseTenancy(scopeOf(request).agentId, callerOf(request), request.body.TenancyId, request.body.reason),
  );

  app.post(
    API.openingBalances.landlords,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: OpeningLandlordsRequest, response: { 200: Entered, ...REFUSALS } },
    },
    async (request) => service.enterLandlords(scopeOf(request).agentId, callerOf(request), request.body.Landlords),
  );

  app.post(
    API.openingBalances.reverseLandlord,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: ReverseOpeningLandlordRequest, response: { 200: Reversed, ...REFUSALS } },
    },
    async (request) => service.reverseLandlord(scopeOf(request).agentId, callerOf(request), request.body.LandlordNo, request.body.reason),
  );

  app.post(
    API.openingBalances.meters,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: OpeningMetersRequest, response: { 200: Entered, ...REFUSALS } },
    },
    async (request) => service.enterMeters(scopeOf(request).agentId, callerOf(request), request.body.Meters),
  );
};
