import {
  API,
  ActiveTenanciesQuery,
  BookTenancyRequest,
  BookTenancyResponse,
  ROLE_LISTS,
  SettleTenancyRequest,
  SettlementResponse,
  TenanciesByLandlordQuery,
  LIST_TOTAL_HEADERS,
  Tenancy,
  TenancyCounts,
  TenancyCountsQuery,
  TenanciesExportQuery,
  TerminateTenancyRequest,
  accountingDate,
  csvStream,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_FILE, sendCsvStream } from '../../http/csv-reply';
import { BEARER, REFUSALS } from '../../http/refusals';
import { agentOfRecord, fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { TENANCY_CSV_COLUMNS } from './csv';

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.tenancies;
  const tags = ['tenancies'];
  const all = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.allAllowed, agentId });

  app.post(
    API.tenancies.book,
    {
      // The house names the agent: only its managing agent may book it.
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.allAllowed,
        agentId: agentOfRecord(fromBody('HouseId'), app.services.houses.agentOfHouse),
      }),
      schema: {
        tags,
        security: BEARER,
        body: BookTenancyRequest,
        response: { 201: BookTenancyResponse, ...REFUSALS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.book(scopeOf(request), callerOf(request), request.body)),
  );

  app.post(
    API.tenancies.terminate,
    {
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.adminOnlyAllowed,
        agentId: fromBody('managingAgentId'),
      }),
      schema: {
        tags,
        security: BEARER,
        body: TerminateTenancyRequest,
        response: { 200: SettlementResponse, ...REFUSALS },
      },
    },
    async (request) => service.terminate(scopeOf(request), callerOf(request), request.body.tenancyId, request.body),
  );

  app.post(
    API.tenancies.settle,
    {
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.adminOnlyAllowed,
        agentId: fromBody('managingAgentId'),
      }),
      schema: {
        tags,
        security: BEARER,
        body: SettleTenancyRequest,
        response: { 200: SettlementResponse, ...REFUSALS },
      },
    },
    async (request) => service.settle(scopeOf(request), callerOf(request), request.body.tenancyId, request.body),
  );

  app.get(
    API.tenancies.activeByAgent,
    {
      preHandler: all(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: ActiveTenanciesQuery,
        response: { 200: z.array(Tenancy), ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { tenancies, total, exact } = await service.listActive(scopeOf(request), request.query);
      return reply.header(exact ? LIST_TOTAL_HEADERS.exact : LIST_TOTAL_HEADERS.moreThan, String(total)).send(tenancies);
    },
  );

  app.get(
    API.tenancies.csv,
    {
      preHandler: all(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: TenanciesExportQuery,
        produces: ['text/csv'],
        response: { 200: CSV_FILE, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const tenancies = service.exportActive(scope, request.query);
      const list = request.query.listType === 'all' ? 'tenancies' : `tenancies-${request.query.listType}`;
      const fileName = `${list}-agent${scope.agentId}-${accountingDate(app.clock.now())}.csv`;
      return sendCsvStream(reply, fileName, csvStream(TENANCY_CSV_COLUMNS, tenancies));
    },
  );

  app.get(
    API.tenancies.activeByLandlord,
    {
      preHandler: all(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: TenanciesByLandlordQuery,
        response: { 200: z.array(Tenancy), ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { tenancies, total, exact } = await service.listByLandlord(
        scopeOf(request),
        request.query.landlordNumber,
      );
      return reply.header(exact ? LIST_TOTAL_HEADERS.exact : LIST_TOTAL_HEADERS.moreThan, String(total)).send(tenancies);
    },
  );

  app.get(
    API.tenancies.byId,
    {
      preHandler: all(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: z.object({
          tenancyId: z.coerce.number().int().positive(),
          managingAgentId: z.coerce.number().int().positive(),
        }),
        response: { 200: Tenancy, ...REFUSALS },
      },
    },
    async (request) => service.details(scopeOf(request), request.query.tenancyId),
  );

  app.get(
    API.tenancies.counts,
    {
      preHandler: all(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: TenancyCountsQuery,
        response: { 200: TenancyCounts, ...REFUSALS },
      },
    },
    async (request) => service.counts(scopeOf(request)),
  );
};
