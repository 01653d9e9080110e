import {
  API,
  AgentOnlyQuery,
  KraPaymentRequest,
  MonthQuery,
  MriCertificateQuery,
  MriLine,
  PropertyTaxRefRequest,
  RentalTaxPack,
  RentalTaxSettings,
  RentalTaxSettingsRequest,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { sendCsv } from '../../http/csv-reply';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

/** Monthly Rental Income tax: the report, its CSVs, withholding certificates and payments to KRA (admins only). */
export const rentalTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.rentalTax;
  const tags = ['landlord money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.landlordMoney.mri,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: MonthQuery,
        response: { 200: z.array(MriLine), ...REFUSALS },
      },
    },
    async (request) => service.report(scopeOf(request).agentId, request.query.month),
  );

  app.get(
    API.landlordMoney.mriCsv,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: MonthQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `mri-${request.query.month ?? 'this-month'}.csv`,
        await service.reportCsv(scopeOf(request).agentId, request.query.month),
      ),
  );

  app.get(
    API.landlordMoney.mriFilingCsv,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: MonthQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `mri-withholdings-${request.query.month ?? 'this-month'}.csv`,
        await service.filingCsv(scopeOf(request).agentId, request.query.month),
      ),
  );

  app.get(
    API.landlordMoney.mriCertificate,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: MriCertificateQuery, produces: ['application/pdf'] },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="mri-certificate-${request.query.LandlordNo}${request.query.Amendment ? `-amendment-${request.query.Amendment}` : ''}.pdf"`,
        )
        .send(
          await service.certificate(scopeOf(request).agentId, request.query.LandlordNo, request.query.month, request.query.Amendment),
        ),
  );

  app.post(
    API.landlordMoney.kraPayment,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: KraPaymentRequest,
        response: { 200: z.object({ message: z.string() }), ...REFUSALS },
      },
    },
    async (request) => service.recordPayment(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.post(
    API.landlordMoney.kraAmendmentPayment,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: KraPaymentRequest,
        response: { 200: z.object({ message: z.string() }), ...REFUSALS },
      },
    },
    async (request) => service.recordAmendmentPayment(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.get(
    API.landlordMoney.mriPack,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: MonthQuery, response: { 200: RentalTaxPack, ...REFUSALS } },
    },
    async (request) => service.pack(scopeOf(request).agentId, request.query.month),
  );

  app.get(
    API.landlordMoney.mriPackCsv,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: MonthQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      sendCsv(reply, `rental-tax-pack-${request.query.month ?? 'this-month'}.csv`, await service.packCsv(scopeOf(request).agentId, request.query.month)),
  );

  app.get(
    API.landlordMoney.mriPackPdf,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: MonthQuery, produces: ['application/pdf'] },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="rental-tax-pack-${request.query.month ?? 'this-month'}.pdf"`)
        .send(await service.packPdf(scopeOf(request).agentId, request.query.month)),
  );

  app.get(
    API.landlordMoney.mriSettings,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: AgentOnlyQuery, response: { 200: RentalTaxSettings, ...REFUSALS } },
    },
    async (request) => service.settings(scopeOf(request).agentId),
  );

  app.post(
    API.landlordMoney.mriSettings,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: RentalTaxSettingsRequest, response: { 200: RentalTaxSettings, ...REFUSALS } },
    },
    async (request) => service.saveSettings(scopeOf(request).agentId, callerOf(request), request.body.RemittanceRule),
  );

  app.post(
    API.landlordMoney.propertyTaxRef,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: PropertyTaxRefRequest,
        response: { 200: z.object({ message: z.string() }), ...REFUSALS },
      },
    },
    async (request) => service.savePropertyTaxRef(scopeOf(request).agentId, request.body),
  );
};
