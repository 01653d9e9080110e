import {
  API,
  Client,
  ClientByNoQuery,
  ClientCount,
  ClientCountQuery,
  ClientSearchQuery,
  EditClientRequest,
  LANDLORD_SEARCH_ROLES,
  LandlordSearchQuery,
  MessageResponse,
  RegisterClientRequest,
  RegisterClientResponse,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.clients;
  const tags = ['clients'];
  const security = BEARER;
  const scope = (allowed: readonly number[], agentId: (r: FastifyRequest) => unknown) =>
    app.agentScope({ allowed, agentId });

  app.post(
    API.client.register,
    {
      preHandler: scope(ROLE_LISTS.allAllowed, fromBody('CapturingAgentId')),
      schema: {
        tags,
        security,
        body: RegisterClientRequest,
        response: { 201: RegisterClientResponse, ...REFUSALS },
      },
    },
    async (request, reply) => reply.status(201).send(await service.register(scopeOf(request), request.body)),
  );

  app.post(
    API.client.edit,
    {
      preHandler: scope(ROLE_LISTS.allAllowed, fromBody('managingAgentId')),
      schema: { tags, security, body: EditClientRequest, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => service.edit(scopeOf(request), request.body),
  );

  app.get(
    API.client.byClientNo,
    {
      preHandler: scope(ROLE_LISTS.allAllowed, fromQuery('managingAgentId')),
      schema: {
        tags,
        security,
        querystring: ClientByNoQuery,
        response: { 200: z.array(Client), ...REFUSALS },
      },
    },
    async (request) => service.byNo(scopeOf(request), request.query.clientNo),
  );

  app.get(
    API.client.count,
    {
      preHandler: scope(ROLE_LISTS.allAllowed, fromQuery('managingAgentId')),
      schema: {
        tags,
        security,
        querystring: ClientCountQuery,
        response: { 200: ClientCount, ...REFUSALS },
      },
    },
    async (request) => service.count(scopeOf(request)),
  );

  for (const path of [API.client.search, API.client.searchAlias]) {
    app.get(
      path,
      {
        preHandler: scope(ROLE_LISTS.allAllowed, fromQuery('managingAgentId')),
        schema: {
          tags,
          security,
          querystring: ClientSearchQuery,
          response: { 200: z.array(Client), ...REFUSALS },
        },
      },
      async (request) => service.search(scopeOf(request), request.query),
    );
  }

  app.get(
    API.client.landlordSearch,
    {
      preHandler: scope(LANDLORD_SEARCH_ROLES, fromQuery('managingAgentId')),
      schema: {
        tags,
        security,
        querystring: LandlordSearchQuery,
        response: { 200: z.array(Client), ...REFUSALS },
      },
    },
    async (request) => service.landlords(scopeOf(request), request.query),
  );
};
