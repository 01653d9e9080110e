import {
  API,
  AcceptOfferRequest,
  AgencyUser,
  AgentUsersQuery,
  ChangeAvailabilityRequest,
  FoundUser,
  GetUserQuery,
  HireOffer,
  HiringResult,
  MessageResponse,
  OffersReceivedQuery,
  PendingOffersSentQuery,
  RejectOfferRequest,
  RevokeOfferRequest,
  ROLE_LISTS,
  SendHireOfferRequest,
  SetUserAccessRequest,
  TerminateContractRequest,
  ToggleLoginStatusRequest,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { agentOfRecord, fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { readerLanguage } from '../../plugins/reader-language';

/**
 * The hiring calls (docs/access.md#hired-users). The account's side (send, revoke, list, toggle) is
 * for its admin only, through the agent scope; the user's side (offers
 * received, accept, decline, end, availability) acts on the caller alone.
 */
export const hiringRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.hiring;
  const tags = ['hiring'];
  const adminOf = (agentId: Parameters<typeof app.agentScope>[0]['agentId']) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.users.getUser,
    {
      preHandler: adminOf(fromQuery('AgentNo')),
      schema: { tags, security: BEARER, querystring: GetUserQuery, response: { 200: z.array(FoundUser), ...REFUSALS } },
    },
    async (request) => service.searchUsers(scopeOf(request).agentId, request.ip, request.query),
  );

  app.post(
    API.users.sendHireOffer,
    {
      preHandler: adminOf(fromBody('AgentNo')),
      schema: { tags, security: BEARER, body: SendHireOfferRequest, response: { 200: HiringResult, ...REFUSALS } },
    },
    async (request) => service.sendOffer(callerOf(request), scopeOf(request).agentId, request.body, readerLanguage(request)),
  );

  app.patch(
    API.users.revokeHireOffer,
    {
      preHandler: adminOf(fromBody('AgentNo')),
      schema: { tags, security: BEARER, body: RevokeOfferRequest, response: { 200: HiringResult, ...REFUSALS } },
    },
    async (request) => service.revokeOffer(scopeOf(request).agentId, request.body),
  );

  app.get(
    API.agents.pendingOffersSent,
    {
      preHandler: adminOf(fromQuery('AgentNo')),
      schema: { tags, security: BEARER, querystring: PendingOffersSentQuery, response: { 200: z.array(HireOffer), ...REFUSALS } },
    },
    async (request) => service.offersSent(scopeOf(request).agentId),
  );

  app.get(
    API.agents.users,
    {
      preHandler: adminOf(fromQuery('managingId')),
      schema: { tags, security: BEARER, querystring: AgentUsersQuery, response: { 200: z.array(AgencyUser), ...REFUSALS } },
    },
    async (request) => service.agencyUsers(scopeOf(request).agentId),
  );

  app.patch(
    API.agents.toggleUserActivatedState,
    {
      preHandler: adminOf(agentOfRecord(fromBody('AgencyUserHireOfferId'), service.agentOfOffer)),
      schema: { tags, security: BEARER, body: ToggleLoginStatusRequest, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => service.toggleLoginStatus(scopeOf(request).agentId, request.body),
  );

  app.post(
    API.agents.userAccess,
    {
      preHandler: adminOf(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: SetUserAccessRequest, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => service.setAccess(scopeOf(request).agentId, request.body),
  );

  app.get(
    API.users.offersReceived,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, querystring: OffersReceivedQuery, response: { 200: z.array(HireOffer), ...REFUSALS } },
    },
    async (request) => service.offersReceived(callerOf(request), request.query.userNo),
  );

  app.patch(
    API.users.acceptOffer,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, body: AcceptOfferRequest, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => service.accept(callerOf(request), request.body),
  );

  app.patch(
    API.users.rejectOffer,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, body: RejectOfferRequest, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => service.reject(callerOf(request), request.body),
  );

  app.patch(
    API.users.terminateContract,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, body: TerminateContractRequest, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => service.terminate(callerOf(request), request.body),
  );

  app.patch(
    API.users.changeAvailability,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, body: ChangeAvailabilityRequest, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => service.changeAvailability(callerOf(request), request.body.available),
  );
};
