import {
  API,
  AgentAccountsOfUser,
  AgentByIdQuery,
  AgentsManagedByUserQuery,
  Agent,
  ApiErrorBody,
  CreateAgentRequest,
  CreateAgentResponse,
  AgencyRegistration,
  AgencyRegistrationQuery,
  SaveAgencyRegistrationRequest,
  AgencyVat,
  AgencyVatQuery,
  SaveAgencyVatRequest,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const refusals = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  409: ApiErrorBody,
};

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.agents;
  const tags = ['agents'];
  const security = [{ bearer: [] }];

  app.post(
    API.agents.create,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        body: CreateAgentRequest,
        response: { 201: CreateAgentResponse, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  app.get(
    API.agents.byId,
    {
      preHandler: app.agentScope({
        allowed: ROLE_LISTS.allAllowed,
        agentId: (r) => (r.query as { agentId?: unknown }).agentId,
      }),
      schema: { tags, security, querystring: AgentByIdQuery, response: { 200: z.array(Agent), ...refusals } },
    },
    async (request) => service.byId(request.query.agentId),
  );

  app.get(
    API.agents.registration,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromQuery('managingAgentId') }),
      schema: { tags, security, querystring: AgencyRegistrationQuery, response: { 200: AgencyRegistration, ...refusals } },
    },
    async (request) => service.registration(scopeOf(request).agentId),
  );

  app.post(
    API.agents.registration,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromBody('managingAgentId') }),
      schema: {
        tags,
        security,
        body: SaveAgencyRegistrationRequest,
        response: { 200: AgencyRegistration.extend({ message: z.string() }), ...refusals },
      },
    },
    async (request) => service.saveRegistration(scopeOf(request).agentId, request.body),
  );

  app.get(
    API.agents.vat,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromQuery('managingAgentId') }),
      schema: { tags, security, querystring: AgencyVatQuery, response: { 200: AgencyVat, ...refusals } },
    },
    async (request) => service.vat(scopeOf(request).agentId),
  );

  app.post(
    API.agents.vat,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId: fromBody('managingAgentId') }),
      schema: { tags, security, body: SaveAgencyVatRequest, response: { 200: AgencyVat.extend({ message: z.string() }), ...refusals } },
    },
    async (request) => service.saveVat(scopeOf(request).agentId, request.body),
  );

  app.get(
    API.users.agentsManagedByUser,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        querystring: AgentsManagedByUserQuery,
        response: { 200: AgentAccountsOfUser, ...refusals },
      },
    },
    async (request) => service.accountsOf(callerOf(request), request.query.UserNo),
  );
};
