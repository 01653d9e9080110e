import { API, ApiErrorBody, DarajaSettings, PaybillQuery, ROLE_LISTS, SaveDarajaRequest } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const tags = ['mpesa'];

/** The agency's Daraja app for Pay now: admins set it; no answer ever carries a secret. */
export const darajaRoutes: FastifyPluginAsyncZod = async (app) => {
  const stk = app.services.stk;
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.daraja.settings,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, summary: 'Whether Pay now (STK Push) is set up', security: BEARER, querystring: PaybillQuery, response: { 200: DarajaSettings, ...REFUSALS } },
    },
    async (request) => stk.settings(scopeOf(request).agentId),
  );

  app.post(
    API.daraja.settings,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Set the Daraja shortcode, passkey, consumer key and secret (stored sealed)',
        security: BEARER,
        body: SaveDarajaRequest,
        response: { 200: DarajaSettings, ...REFUSALS },
      },
    },
    async (request) => stk.save(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );
};

const StkAnswer = z.object({ ResultCode: z.number(), ResultDesc: z.string() });

/** Daraja's STK callback at the agency's secret address; the body is read as text so a broken one is kept, not refused. */
export const stkCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const stk = app.services.stk;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  app.post(
    API.daraja.stkCallback,
    {
      schema: {
        tags,
        summary: 'Daraja STK Push callback',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: StkAnswer, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => stk.callback(request.params.token, request.body),
  );
};
