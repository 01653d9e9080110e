import { API, AgentOnlyQuery, ApiErrorBody, MpesaPayoutView, ROLE_LISTS, SaveInitiatorRequest, PaybillQuery } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { readerLanguage } from '../../plugins/reader-language';

const tags = ['mpesa'];

/** The initiator for B2C/B2B payouts and the list of payouts sent through M-Pesa (admins only). */
export const mpesaPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.mpesaPayouts;
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.daraja.initiator,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, summary: 'Whether the M-Pesa payout initiator is set', security: BEARER, querystring: PaybillQuery, response: { 200: z.object({ initiatorSet: z.boolean() }), ...REFUSALS } },
    },
    async (request) => service.initiatorSet(scopeOf(request).agentId),
  );

  app.post(
    API.daraja.initiator,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Set the initiator name and security credential for M-Pesa payouts (stored sealed)',
        security: BEARER,
        body: SaveInitiatorRequest,
        response: { 200: z.object({ message: z.string(), initiatorSet: z.boolean() }), ...REFUSALS },
      },
    },
    async (request) => service.saveInitiator(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.get(
    API.landlordMoney.mpesaPayouts,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags: ['landlord money'],
        summary: 'Landlord payouts sent through M-Pesa, with where each stands in plain words',
        security: BEARER,
        querystring: AgentOnlyQuery,
        response: { 200: z.array(MpesaPayoutView), ...REFUSALS },
      },
    },
    async (request) => service.list(scopeOf(request).agentId, readerLanguage(request)),
  );
};

const DarajaAnswer = z.object({ ResultCode: z.number(), ResultDesc: z.string() });
const params = z.object({ token: z.string().max(200), originator: z.string().max(100) });
const response = { 200: DarajaAnswer, 400: ApiErrorBody, 404: ApiErrorBody };

/** Daraja's callbacks for payouts at the agency's secret address; bodies are read as text so a broken one is answered, not refused. */
export const mpesaPayoutCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.mpesaPayouts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  app.post(API.daraja.payoutResult, { schema: { tags, summary: 'Daraja B2C/B2B payout result', params, response } }, async (request) =>
    service.result(request.params.token, request.params.originator, request.body),
  );
  app.post(API.daraja.payoutTimeout, { schema: { tags, summary: 'Daraja queue timeout for a payout', params, response } }, async (request) =>
    service.timeout(request.params.token, request.params.originator),
  );
  app.post(API.daraja.payoutStatus, { schema: { tags, summary: 'Daraja Transaction Status result for a payout', params, response } }, async (request) =>
    service.statusResult(request.params.token, request.params.originator, request.body),
  );
};
