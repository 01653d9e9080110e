import {
  API,
  ChargeSaved,
  HouseChargeRequest,
  MessageOnly,
  NewRecurringChargeRequest,
  PenaltyRuleRequest,
  PenaltyRunRow,
  PenaltyRunsQuery,
  PropertyCharges,
  PropertyChargesQuery,
  ROLE_LISTS,
  RunPenaltiesRequest,
  RunPenaltiesResponse,
  TenancyCharges,
  TenancyChargesQuery,
  UpdateRecurringChargeRequest,
  WaivePenaltyRequest,
  WaivePenaltyResponse,
  ConfirmReadingsRequest,
  ConfirmReadingsResponse,
  SaveReadingsRequest,
  SaveReadingsResponse,
  WaterReadings,
  WaterReadingsQuery,
  WaterTariffRequest,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

/** Recurring charges, late-payment penalties and their waivers, a tenancy's money by kind (docs/money.md#charges-beyond-rent). */
export const chargesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.charges;
  const water = app.services.water;
  const tags = ['charges'];
  const admin = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  const anyRole = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.allAllowed, agentId });
  const secured = { tags, security: BEARER };

  app.get(
    API.charges.property,
    {
      preHandler: anyRole(fromQuery('managingAgentId')),
      schema: {
        ...secured,
        querystring: PropertyChargesQuery,
        response: { 200: PropertyCharges, ...REFUSALS },
      },
    },
    async (request) => service.property(scopeOf(request).agentId, request.query.propId),
  );

  app.post(
    API.charges.recurring,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: NewRecurringChargeRequest, response: { 200: ChargeSaved, ...REFUSALS } },
    },
    async (request) => service.create(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.post(
    API.charges.recurringUpdate,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: UpdateRecurringChargeRequest, response: { 200: ChargeSaved, ...REFUSALS } },
    },
    async (request) => service.update(scopeOf(request).agentId, request.body),
  );

  app.post(
    API.charges.houseAmount,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: HouseChargeRequest, response: { 200: ChargeSaved, ...REFUSALS } },
    },
    async (request) => service.setHouseAmount(scopeOf(request).agentId, request.body),
  );

  app.post(
    API.charges.penaltyRule,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: PenaltyRuleRequest, response: { 200: MessageOnly, ...REFUSALS } },
    },
    async (request) =>
      service.setPenaltyRule(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.post(
    API.charges.runPenalties,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: RunPenaltiesRequest, response: { 200: RunPenaltiesResponse, ...REFUSALS } },
    },
    async (request) => service.runPenalties(scopeOf(request).agentId, callerOf(request).userNo),
  );

  app.get(
    API.charges.penaltyRuns,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        ...secured,
        querystring: PenaltyRunsQuery,
        response: { 200: z.array(PenaltyRunRow), ...REFUSALS },
      },
    },
    async (request) => service.penaltyRuns(scopeOf(request).agentId),
  );

  app.post(
    API.charges.waivePenalty,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: WaivePenaltyRequest, response: { 200: WaivePenaltyResponse, ...REFUSALS } },
    },
    async (request) => service.waive(scopeOf(request), callerOf(request).userNo, request.body),
  );

  app.get(
    API.charges.tenancy,
    {
      preHandler: anyRole(fromQuery('managingAgentId')),
      schema: {
        ...secured,
        querystring: TenancyChargesQuery,
        response: { 200: TenancyCharges, ...REFUSALS },
      },
    },
    async (request) => service.tenancy(scopeOf(request), request.query.tenancyId),
  );
  app.get(
    API.charges.water,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.propertyWork, agentId: fromQuery('managingAgentId'), limited: { property: fromQuery('propId') } }),
      schema: { ...secured, querystring: WaterReadingsQuery, response: { 200: WaterReadings, ...REFUSALS } },
    },
    async (request) => water.month(scopeOf(request).agentId, request.query.propId, request.query.month),
  );

  app.post(
    API.charges.waterTariff,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: WaterTariffRequest, response: { 200: MessageOnly, ...REFUSALS } },
    },
    async (request) => water.setTariff(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.post(
    API.charges.waterReadings,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.propertyWork, agentId: fromBody('managingAgentId'), limited: { property: fromBody('PropId') } }),
      schema: { ...secured, body: SaveReadingsRequest, response: { 200: SaveReadingsResponse, ...REFUSALS } },
    },
    async (request) => water.save(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.post(
    API.charges.waterConfirm,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        ...secured,
        body: ConfirmReadingsRequest,
        response: { 200: ConfirmReadingsResponse, ...REFUSALS },
      },
    },
    async (request) => water.confirm(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );
};
