import { API, OutboxList, OutboxQuery, ResendNoticeRequest, ResendNoticeResponse, ROLE_LISTS } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';

/** The receipt outbox screen: the agency's admins see what has not gone out and send it again. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = app.services.outbox;
  const tags = ['notices'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.outbox.list,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: 'Receipt notices not yet sent: waiting for a retry, or failed for good',
        security: BEARER,
        querystring: OutboxQuery,
        response: { 200: OutboxList, ...REFUSALS },
      },
    },
    async (request) => outbox.list(scopeOf(request).agentId),
  );

  app.post(
    API.outbox.resend,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Send a receipt notice again now',
        security: BEARER,
        body: ResendNoticeRequest,
        response: { 200: ResendNoticeResponse, ...REFUSALS },
      },
    },
    async (request) => outbox.resend(scopeOf(request).agentId, request.body.noticeId),
  );
};
