import {
  API,
  OfficePaymentRequest,
  ROLE_LISTS,
  SendTenantLinkRequest,
  StkRequestView,
  TenantLinkQuery,
  TenantLinkStatus,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { requestOrigin } from './origin';

const tags = ['tenant links'];
const ApiErrorBody = REFUSALS[400];

/** The office's side of the tenant link: its state, sending a new one, revoking, and asking the tenant's phone to pay. */
export const tenantLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = app.services.tenantLinks;
  const stk = app.services.stk;
  const all = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.allAllowed, agentId });

  app.get(
    API.tenantLinks.status,
    {
      preHandler: all(fromQuery('managingAgentId')),
      schema: { tags, summary: "Whether the tenancy's link is live", security: BEARER, querystring: TenantLinkQuery, response: { 200: TenantLinkStatus, ...REFUSALS } },
    },
    async (request) => links.status(scopeOf(request), request.query.tenancyId),
  );

  app.post(
    API.tenantLinks.send,
    {
      preHandler: all(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Make a new link (the old one stops working) and send it by SMS and/or email',
        security: BEARER,
        body: SendTenantLinkRequest,
        response: { 200: TenantLinkStatus, ...REFUSALS },
      },
    },
    async (request) => links.send(scopeOf(request), callerOf(request).userNo, request.body, requestOrigin(request)),
  );

  app.post(
    API.tenantLinks.revoke,
    {
      preHandler: all(fromBody('managingAgentId')),
      schema: { tags, summary: 'Stop the live link working', security: BEARER, body: TenantLinkQuery, response: { 200: TenantLinkStatus, ...REFUSALS } },
    },
    async (request) => links.revoke(scopeOf(request), request.body.tenancyId),
  );

  app.post(
    API.tenantLinks.payRequest,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.allowedMakeCashPayments, agentId: fromBody('managingAgentId') }),
      schema: {
        tags,
        summary: "Send an M-Pesa payment request (STK Push) to the tenant's phone",
        security: BEARER,
        body: OfficePaymentRequest,
        response: { 200: StkRequestView, ...REFUSALS, 502: ApiErrorBody },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      await links.requireManagedTenancy(scope, request.body.tenancyId);
      return stk.push({
        agentId: scope.agentId,
        tenancyId: request.body.tenancyId,
        shillings: request.body.amount,
        phone: request.body.phone,
        by: callerOf(request).userNo,
        origin: requestOrigin(request),
      });
    },
  );
};

