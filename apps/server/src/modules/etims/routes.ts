import {
  API,
  EtimsCreditNoteRequest,
  EtimsDevice,
  EtimsDeviceRequest,
  EtimsFeeInvoicesAnswer,
  EtimsFeeInvoicesRequest,
  EtimsInvoice,
  EtimsQuery,
  EtimsRentInvoicesAnswer,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';

const Message = z.object({ message: z.string() });

/**
 * eTIMS (decision 060): administrators only, as the VAT setting and fee
 * transfers are. Nothing here waits on KRA except a device's initialisation;
 * invoices are written and the jobs engine sends them.
 */
export const etimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.etims;
  const tags = ['etims'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.etims.devices,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: EtimsQuery, response: { 200: z.array(EtimsDevice), ...REFUSALS } },
    },
    async (request) => service.devices(scopeOf(request).agentId),
  );

  app.post(
    API.etims.devices,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: EtimsDeviceRequest,
        response: { 200: Message.extend({ Tin: z.string(), BhfId: z.string(), TaxpayerName: z.string().nullable() }), ...REFUSALS },
      },
    },
    async (request) => service.initialise(scopeOf(request).agentId, request.body),
  );

  app.post(
    API.etims.feeInvoices,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: EtimsFeeInvoicesRequest, response: { 200: EtimsFeeInvoicesAnswer, ...REFUSALS } },
    },
    async (request) => service.queueFeeInvoices(scopeOf(request).agentId, request.body.Month),
  );

  app.post(
    API.etims.rentInvoices,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: EtimsFeeInvoicesRequest, response: { 200: EtimsRentInvoicesAnswer, ...REFUSALS } },
    },
    async (request) => service.queueRentInvoices(scopeOf(request).agentId, request.body.Month),
  );

  app.get(
    API.etims.invoices,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: EtimsQuery, response: { 200: z.array(EtimsInvoice), ...REFUSALS } },
    },
    async (request) => service.queue(scopeOf(request).agentId),
  );

  app.post(
    API.etims.creditNote,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: EtimsCreditNoteRequest, response: { 200: Message, ...REFUSALS } },
    },
    async (request) => service.creditNote(scopeOf(request).agentId, request.body.InvoiceId),
  );
};
