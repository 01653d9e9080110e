import {
  API,
  ApiErrorBody,
  PaybillQuery,
  PullNowRequest,
  PullRegisterRequest,
  PullResult,
  PullState,
  ROLE_LISTS,
  OneStatusCheckQuery,
  StatusCheckQuery,
  StatusCheckRequest,
  StatusCheckView,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { requestOrigin } from '../tenant-links/origin';

const tags = ['mpesa'];

/** Pull Transactions and Transaction Status for whoever takes payments; registering the paybill is an admin's. */
export const mpesaPullRoutes: FastifyPluginAsyncZod = async (app) => {
  const pull = app.services.mpesaPull;
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  const payments = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.allowedMakeCashPayments, agentId });

  app.get(
    API.mpesa.pull,
    {
      preHandler: payments(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: 'Whether the paybill is registered for Pull Transactions, and when it was last pulled',
        security: BEARER,
        querystring: PaybillQuery,
        response: { 200: PullState, ...REFUSALS },
      },
    },
    async (request) => pull.state(scopeOf(request).agentId),
  );

  app.post(
    API.mpesa.pull,
    {
      preHandler: payments(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: "Pull now: read Safaricom's list since the last pull and post what the confirmations missed",
        security: BEARER,
        body: PullNowRequest,
        response: { 200: PullResult, ...REFUSALS },
      },
    },
    async (request) => pull.pull(scopeOf(request).agentId),
  );

  app.post(
    API.mpesa.pullRegister,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Register the paybill with Safaricom for Pull Transactions',
        security: BEARER,
        body: PullRegisterRequest,
        response: { 200: PullState, ...REFUSALS },
      },
    },
    async (request) => pull.register(scopeOf(request).agentId, request.body.nominatedNumber, requestOrigin(request)),
  );

  app.post(
    API.mpesa.statusChecks,
    {
      preHandler: payments(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Ask Safaricom about an M-Pesa code (Transaction Status); the answer comes later',
        security: BEARER,
        body: StatusCheckRequest,
        response: { 200: StatusCheckView, ...REFUSALS },
      },
    },
    async (request) =>
      pull.checkCode(scopeOf(request).agentId, callerOf(request).userNo, request.body.code, requestOrigin(request)),
  );

  app.get(
    API.mpesa.statusChecks,
    {
      preHandler: payments(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: 'The latest M-Pesa code checks and their answers',
        security: BEARER,
        querystring: StatusCheckQuery,
        response: { 200: z.array(StatusCheckView), ...REFUSALS },
      },
    },
    async (request) => pull.recentChecks(scopeOf(request).agentId),
  );

  app.get(
    API.mpesa.statusCheck,
    {
      preHandler: payments(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: "One M-Pesa code check: pending until Safaricom's result comes",
        security: BEARER,
        querystring: OneStatusCheckQuery,
        response: { 200: StatusCheckView, ...REFUSALS },
      },
    },
    async (request) => pull.check(scopeOf(request).agentId, request.query.checkId),
  );
};

const DarajaAnswer = z.object({ ResultCode: z.number(), ResultDesc: z.string() });

/** Daraja's Pull and Transaction Status callbacks at the agency's secret addresses; bodies are read as text, never refused. */
export const mpesaPullCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const pull = app.services.mpesaPull;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  const schema = (summary: string) => ({
    tags,
    summary,
    params: z.object({ token: z.string().max(200) }),
    response: { 200: DarajaAnswer, 400: ApiErrorBody, 404: ApiErrorBody },
  });
  app.post(API.daraja.pullCallback, { schema: schema('Daraja Pull Transactions callback') }, async (request) =>
    pull.pullCallback(request.params.token, request.body),
  );
  app.post(API.daraja.statusResult, { schema: schema('Daraja Transaction Status result') }, async (request) =>
    pull.statusResult(request.params.token, request.body),
  );
  app.post(API.daraja.statusTimeout, { schema: schema('Daraja Transaction Status timeout') }, async (request) =>
    pull.statusTimeout(request.params.token, request.body),
  );
};
