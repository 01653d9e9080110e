import {
  API,
  MaintenanceAssignee,
  MaintenanceExpenseRequest,
  MaintenanceItem,
  PaybillQuery,
  MaintenancePhotoQuery,
  MaintenanceQueueQuery,
  ROLE_LISTS,
  UpdateMaintenanceRequest,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import type { FastifyRequest } from 'fastify';
import { fromBody, fromQuery, scopeOf, type Limited } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const tags = ['maintenance'];

/** The office's queue of repairs: every role of the agency sees and works it. */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;
  // The queue is the caretaker's work too; a limited caller's is narrowed to their properties (decision 061).
  const work = (agentId: ReturnType<typeof fromQuery>, limited: Limited) => app.agentScope({ allowed: ROLE_LISTS.propertyWork, agentId, limited });
  const ofRequest = { property: (r: FastifyRequest) => service.propertyOfRequest(Number((r.body as { requestId?: unknown } | undefined)?.requestId)) };
  const ofPhoto = { property: (r: FastifyRequest) => service.propertyOfPhoto(Number((r.query as { photoId?: unknown } | undefined)?.photoId)) };

  app.get(
    API.maintenance.queue,
    {
      preHandler: work(fromQuery('managingAgentId'), 'filtered'),
      schema: { tags, summary: "The agency's maintenance requests, newest first", security: BEARER, querystring: MaintenanceQueueQuery, response: { 200: z.array(MaintenanceItem), ...REFUSALS } },
    },
    async (request) => service.queue(scopeOf(request).agentId, request.query.status, scopeOf(request).propIds),
  );

  app.get(
    API.maintenance.assignees,
    {
      // The account's staff, not any property's data.
      preHandler: work(fromQuery('managingAgentId'), 'filtered'),
      schema: { tags, summary: 'Who a request may be assigned to', security: BEARER, querystring: PaybillQuery, response: { 200: z.array(MaintenanceAssignee), ...REFUSALS } },
    },
    async (request) => service.assignees(scopeOf(request).agentId),
  );

  app.post(
    API.maintenance.update,
    {
      preHandler: work(fromBody('managingAgentId'), ofRequest),
      schema: {
        tags,
        summary: 'Change status, assign a hired user or name a contractor, add a comment',
        security: BEARER,
        body: UpdateMaintenanceRequest,
        response: { 200: MaintenanceItem, ...REFUSALS },
      },
    },
    async (request) => service.update(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.post(
    API.maintenance.expense,
    {
      // Money leaves the landlord's account: the roles that record expenses, as on the landlord money screen.
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromBody('managingAgentId') }),
      schema: {
        tags,
        summary: "Record a repair's cost as the expense of its property and house",
        security: BEARER,
        body: MaintenanceExpenseRequest,
        response: { 200: MaintenanceItem, ...REFUSALS },
      },
    },
    async (request) => service.recordCost(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.get(
    API.maintenance.photo,
    {
      preHandler: work(fromQuery('managingAgentId'), ofPhoto),
      schema: { tags, summary: "A request's photo", security: BEARER, querystring: MaintenancePhotoQuery, produces: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
    },
    async (request, reply) => {
      const photo = await service.photo(scopeOf(request).agentId, request.query.photoId);
      return reply.header('content-type', photo.contentType).header('cache-control', 'private, no-store').send(photo.bytes);
    },
  );
};
