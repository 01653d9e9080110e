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
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const tags = ['maintenance'];

/** The office's queue of repairs: every role of the agency sees and works it. */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;
  const all = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.allAllowed, agentId });

  app.get(
    API.maintenance.queue,
    {
      preHandler: all(fromQuery('managingAgentId')),
      schema: { tags, summary: "The agency's maintenance requests, newest first", security: BEARER, querystring: MaintenanceQueueQuery, response: { 200: z.array(MaintenanceItem), ...REFUSALS } },
    },
    async (request) => service.queue(scopeOf(request).agentId, request.query.status),
  );

  app.get(
    API.maintenance.assignees,
    {
      preHandler: all(fromQuery('managingAgentId')),
      schema: { tags, summary: 'Who a request may be assigned to', security: BEARER, querystring: PaybillQuery, response: { 200: z.array(MaintenanceAssignee), ...REFUSALS } },
    },
    async (request) => service.assignees(scopeOf(request).agentId),
  );

  app.post(
    API.maintenance.update,
    {
      preHandler: all(fromBody('managingAgentId')),
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
      preHandler: all(fromQuery('managingAgentId')),
      schema: { tags, summary: "A request's photo", security: BEARER, querystring: MaintenancePhotoQuery, produces: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] },
    },
    async (request, reply) => {
      const photo = await service.photo(scopeOf(request).agentId, request.query.photoId);
      return reply.header('content-type', photo.contentType).header('cache-control', 'private, no-store').send(photo.bytes);
    },
  );
};
