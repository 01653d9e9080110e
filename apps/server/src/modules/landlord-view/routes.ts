import {
  API,
  AcceptLandlordInviteRequest,
  AgencyLandlordLink,
  AgentOnlyQuery,
  EXPENSE_RECEIPT_TYPES,
  ExpenseDecisionRequest,
  LandlordInviteRequest,
  LandlordLinkRevokeRequest,
  LandlordViewExpenses,
  Invitation,
  LandlordViewPayouts,
  LinkCertificateQuery,
  LinkExpenseQuery,
  LinkPayoutQuery,
  LinkMonthQuery,
  LinkQuery,
  MyLandlordLink,
  OwnerStatement,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { requestOrigin } from '../tenant-links/origin';

const Message = z.object({ message: z.string() });

/** The agency's side of the landlord's own view: invite a landlord client, list the links, revoke one (admins only). */
export const landlordLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.landlordView;
  const tags = ['landlord money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) =>
    app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.post(
    API.landlordMoney.landlordInvite,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Invite a landlord client by email to see what the agency manages for them',
        security: BEARER,
        body: LandlordInviteRequest,
        response: { 200: Message.extend({ LinkId: z.number() }), ...REFUSALS },
      },
    },
    async (request) =>
      service.invite(scopeOf(request), callerOf(request), request.body, requestOrigin(request)),
  );

  app.get(
    API.landlordMoney.landlordLinks,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: "The agency's live invitations and landlord links",
        security: BEARER,
        querystring: AgentOnlyQuery,
        response: { 200: z.array(AgencyLandlordLink), ...REFUSALS },
      },
    },
    async (request) => service.agencyLinks(scopeOf(request).agentId),
  );

  app.post(
    API.landlordMoney.landlordLinkRevoke,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: "Revoke a landlord's invitation or link",
        security: BEARER,
        body: LandlordLinkRevokeRequest,
        response: { 200: Message, ...REFUSALS },
      },
    },
    async (request) =>
      service.revokeByAgency(scopeOf(request).agentId, callerOf(request), request.body.LinkId),
  );
};

/** The landlord's side: accept an invitation, then read (and decide expenses) through their own links only. */
export const landlordViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.landlordView;
  const tags = ['landlord view'];
  const signedIn = app.authenticate;

  // Public: the page the emailed link opens names the agency before the landlord signs in. The token travels in the body, never in a URL a log keeps.
  app.post(
    API.landlordView.invitation,
    {
      schema: {
        tags,
        summary: 'Whose invitation a link is: the agency and the landlord it names',
        body: AcceptLandlordInviteRequest,
        response: { 200: Invitation, ...REFUSALS },
      },
    },
    async (request) => service.invitation(request.body.token),
  );

  app.post(
    API.landlordView.accept,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "Accept an agency's invitation with the address it was sent to",
        security: BEARER,
        body: AcceptLandlordInviteRequest,
        response: { 200: Message.extend({ LinkId: z.number() }), ...REFUSALS },
      },
    },
    async (request) => service.accept(callerOf(request), request.body.token),
  );

  app.get(
    API.landlordView.links,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'The agencies whose books the caller sees as landlord',
        security: BEARER,
        response: { 200: z.array(MyLandlordLink), ...REFUSALS },
      },
    },
    async (request) => service.myLinks(callerOf(request)),
  );

  app.post(
    API.landlordView.revoke,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Stop seeing an agency’s books',
        security: BEARER,
        body: LinkQuery,
        response: { 200: Message, ...REFUSALS },
      },
    },
    async (request) => service.revokeByLandlord(callerOf(request), request.body.LinkId),
  );

  app.get(
    API.landlordView.statement,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "The landlord's owner statement for a month, with houses, occupancy and arrears",
        security: BEARER,
        querystring: LinkMonthQuery,
        response: { 200: OwnerStatement, ...REFUSALS },
      },
    },
    async (request) => service.statement(callerOf(request), request.query.LinkId, request.query.month),
  );

  app.get(
    API.landlordView.statementPdf,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "The landlord's owner statement as an A4 PDF",
        security: BEARER,
        querystring: LinkMonthQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="owner-statement${request.query.month ? `-${request.query.month}` : ''}.pdf"`,
        )
        .send(await service.statementPdf(callerOf(request), request.query.LinkId, request.query.month)),
  );

  app.get(
    API.landlordView.expenses,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "The landlord's property expenses, those awaiting approval included",
        security: BEARER,
        querystring: LinkQuery,
        response: { 200: LandlordViewExpenses, ...REFUSALS },
      },
    },
    async (request) => service.expenses(callerOf(request), request.query.LinkId),
  );

  app.get(
    API.landlordView.expenseReceipt,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "An expense's scanned receipt",
        security: BEARER,
        querystring: LinkExpenseQuery,
        produces: [...EXPENSE_RECEIPT_TYPES],
      },
    },
    async (request, reply) => {
      const file = await service.expenseReceipt(
        callerOf(request),
        request.query.LinkId,
        request.query.ExpenseId,
      );
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
        .send(file.bytes);
    },
  );

  app.post(
    API.landlordView.decide,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Approve (it is paid now) or decline an expense above the agreement’s approval amount',
        security: BEARER,
        body: ExpenseDecisionRequest,
        response: { 200: Message.extend({ Status: z.string() }), ...REFUSALS },
      },
    },
    async (request) => service.decide(callerOf(request), request.body),
  );

  app.get(
    API.landlordView.payouts,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "The agency's payouts to the landlord",
        security: BEARER,
        querystring: LinkQuery,
        response: { 200: LandlordViewPayouts, ...REFUSALS },
      },
    },
    async (request) => service.payouts(callerOf(request), request.query.LinkId),
  );

  app.get(
    API.landlordView.mriCertificate,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "The month's MRI withholding certificate for the landlord",
        security: BEARER,
        querystring: LinkCertificateQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { LinkId, month, Amendment } = request.query;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="mri-certificate${month ? `-${month}` : ''}${Amendment ? `-amendment-${Amendment}` : ''}.pdf"`)
        .send(await service.certificate(callerOf(request), LinkId, month, Amendment));
    },
  );

  app.get(
    API.landlordView.payoutAdvice,
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "A payout's remittance advice",
        security: BEARER,
        querystring: LinkPayoutQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="remittance-advice-${request.query.PayoutId}.pdf"`)
        .send(await service.payoutAdvice(callerOf(request), request.query.LinkId, request.query.PayoutId)),
  );
};
