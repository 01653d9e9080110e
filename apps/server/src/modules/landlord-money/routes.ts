import {
  API,
  AgentOnlyQuery,
  LandlordSetup,
  Agreement,
  AgreementRequest,
  AgreementsQuery,
  IncomeLine,
  IncomeQuery,
  LandlordBalance,
  ROLE_LISTS,
  TaxPinRequest,
  TrustReconciliation,
  VatReport,
  VatReportQuery,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-reply';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

/** The agency's books for its landlords: agreements, KRA PINs, balances and the trust reconciliation (admins only). */
export const landlordMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.landlordMoney;
  const tags = ['landlord money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  const Message = z.object({ message: z.string() });

  app.post(
    API.landlordMoney.agreement,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: AgreementRequest,
        response: { 200: Message.extend({ AgreementId: z.number() }), ...REFUSALS },
      },
    },
    async (request) => service.saveAgreement(scopeOf(request), callerOf(request), request.body),
  );

  app.get(
    API.landlordMoney.agreements,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: AgreementsQuery,
        response: { 200: z.array(Agreement), ...REFUSALS },
      },
    },
    async (request) => service.agreements(scopeOf(request).agentId, request.query.PropId),
  );

  app.post(
    API.landlordMoney.taxPin,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: TaxPinRequest, response: { 200: Message, ...REFUSALS } },
    },
    async (request) => service.saveTaxPin(scopeOf(request).agentId, request.body),
  );

  app.get(
    API.landlordMoney.balances,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: AgentOnlyQuery,
        response: { 200: z.array(LandlordBalance), ...REFUSALS },
      },
    },
    async (request) => service.balances(scopeOf(request).agentId),
  );

  app.get(
    API.landlordMoney.income,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: IncomeQuery,
        response: { 200: z.array(IncomeLine), ...REFUSALS },
      },
    },
    async (request) => service.income(scopeOf(request).agentId, request.query.from, request.query.to),
  );

  app.get(
    API.landlordMoney.incomeCsv,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: IncomeQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'agency-income.csv',
        await service.incomeCsv(scopeOf(request).agentId, request.query.from, request.query.to),
      ),
  );

  app.get(
    API.landlordMoney.vatReport,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: VatReportQuery, response: { 200: VatReport, ...REFUSALS } },
    },
    async (request) => service.vatReport(scopeOf(request).agentId, request.query.month),
  );

  app.get(
    API.landlordMoney.vatReportCsv,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: VatReportQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      sendCsv(reply, `vat-${request.query.month}.csv`, await service.vatReportCsv(scopeOf(request).agentId, request.query.month)),
  );

  app.get(
    API.landlordMoney.trust,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: AgentOnlyQuery,
        response: { 200: TrustReconciliation, ...REFUSALS },
      },
    },
    async (request) => service.trust(scopeOf(request).agentId),
  );

  app.get(
    API.landlordMoney.setup,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: AgentOnlyQuery,
        response: { 200: LandlordSetup, ...REFUSALS },
      },
    },
    async (request) => service.setup(scopeOf(request)),
  );
};
