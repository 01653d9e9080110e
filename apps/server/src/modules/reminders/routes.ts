import { timingSafeEqual } from 'node:crypto';
import {
  ANSWER_MESSAGES,
  API,
  MessageOnly,
  ROLE_LISTS,
  ReminderLogQuery,
  ReminderLogRow,
  ReminderOptOutRequest,
  ReminderPreview,
  ReminderSettings,
  ReminderSettingsQuery,
  ReminderSettingsRequest,
  RunRemindersRequest,
  RunRemindersResponse,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

/** Arrears reminders by SMS: settings, preview, queueing, the log and a tenant's opt-out (docs/money.md#charges-beyond-rent). */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reminders;
  const secured = { tags: ['charges'], security: BEARER };
  const admin = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.charges.reminderSettings,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        ...secured,
        querystring: ReminderSettingsQuery,
        response: { 200: ReminderSettings, ...REFUSALS },
      },
    },
    async (request) => service.settings(scopeOf(request).agentId),
  );
  app.post(
    API.charges.reminderSettings,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: ReminderSettingsRequest, response: { 200: MessageOnly, ...REFUSALS } },
    },
    async (request) => service.save(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );
  app.get(
    API.charges.reminderPreview,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        ...secured,
        querystring: ReminderSettingsQuery,
        response: { 200: ReminderPreview, ...REFUSALS },
      },
    },
    async (request) => service.preview(scopeOf(request).agentId),
  );
  app.post(
    API.charges.runReminders,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: RunRemindersRequest, response: { 200: RunRemindersResponse, ...REFUSALS } },
    },
    async (request) => {
      const result = await service.queueToday(scopeOf(request).agentId);
      setImmediate(
        () =>
          void service
            .drain()
            .catch((error: unknown) => app.log.error({ err: error }, 'arrears reminders drain failed')),
      );
      return result;
    },
  );
  app.get(
    API.charges.reminderLog,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        ...secured,
        querystring: ReminderLogQuery,
        response: { 200: z.array(ReminderLogRow), ...REFUSALS },
      },
    },
    async (request) => service.log(scopeOf(request).agentId),
  );
  app.post(
    API.charges.reminderOptOut,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: ReminderOptOutRequest, response: { 200: MessageOnly, ...REFUSALS } },
    },
    async (request) => service.optOut(scopeOf(request).agentId, request.body.TenancyId, request.body.OptOut),
  );
};

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Africa's Talking's delivery reports: a form-encoded POST at an address with
 * the server's secret token. Kept raw, then applied; answered 200 so the
 * provider does not resend what was kept. A wrong token is not found.
 */
export function deliveryReportRoutes(token: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    app.post(
      API.charges.smsDelivery,
      {
        schema: {
          tags: ['charges'],
          summary: "Africa's Talking delivery report (form-encoded) at the server's secret address",
          params: z.object({ token: z.string().max(200) }),
          body: z.record(z.string(), z.string()),
          response: { 200: z.object({ received: z.boolean() }), 404: z.object({ message: z.string() }) },
        },
      },
      async (request, reply) => {
        if (!token || !same(request.params.token, token))
          return reply.code(404).send({ message: ANSWER_MESSAGES.notFound });
        await app.services.reminders.deliveryReport(request.body);
        return { received: true };
      },
    );
  };
}
