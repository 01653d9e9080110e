import {
  API,
  ApiErrorBody,
  PayNowRequest,
  ReportProblemRequest,
  StkRequestView,
  TenantMaintenanceItem,
  TenantDataRequest,
  TenantPage,
  DataRequestView,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../tenant-links/origin';

const tags = ['tenant page'];
const Token = z.object({ token: z.string().max(100) });
const REFUSED = { 400: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody };
/** A photo's body may pass the parser a little over 5 MB, so the service answers with its own message. */
const PHOTO_BODY_LIMIT = 6 * 1024 * 1024;

export const TenantPageView = TenantPage.extend({
  payments: z.array(StkRequestView),
  maintenance: z.array(TenantMaintenanceItem),
  dataRequests: z.array(DataRequestView),
});

/** The tenant's link, without sign-in: the token in the path is the only key, and a wrong one is a plain 404. */
export const tenantPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.tenantPage;
  // Whatever a link answers (a balance, a statement, a 404 for a wrong token) is this tenant's alone: no cache keeps it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    API.tenantPage.view,
    { schema: { tags, summary: "The tenant's page: balance, statement, payments and repairs", params: Token, response: { 200: TenantPageView, ...REFUSED } } },
    async (request) => service.view(request.params.token, request.ip),
  );

  app.get(
    API.tenantPage.statementPdf,
    { schema: { tags, summary: 'The statement as a PDF', params: Token, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { pdf: body, tenancyId } = await service.statementPdf(request.params.token, request.ip);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="statement-${tenancyId}.pdf"`)
        .send(body);
    },
  );

  app.get(
    API.tenantPage.receiptPdf,
    {
      schema: { tags, summary: 'One receipt as a PDF', params: Token.extend({ txnId: z.coerce.number().int().positive() }), produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const { pdf: body, receiptNo } = await service.receiptPdf(request.params.token, request.ip, request.params.txnId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${receiptNo}.pdf"`)
        .send(body);
    },
  );

  app.post(
    API.tenantPage.pay,
    {
      schema: {
        tags,
        summary: 'Pay now: an STK Push to the phone given',
        params: Token,
        body: PayNowRequest,
        response: { 200: StkRequestView, ...REFUSED, 502: ApiErrorBody },
      },
    },
    async (request) => service.pay(request.params.token, request.ip, request.body, requestOrigin(request)),
  );

  app.get(
    API.tenantPage.payment,
    {
      schema: {
        tags,
        summary: 'Where a Pay now request stands, in plain words',
        params: Token.extend({ requestId: z.coerce.number().int().positive() }),
        response: { 200: StkRequestView, ...REFUSED },
      },
    },
    async (request) => service.payment(request.params.token, request.ip, request.params.requestId),
  );

  app.post(
    API.tenantPage.maintenance,
    {
      schema: {
        tags,
        summary: 'Report a problem, with up to three photos',
        params: Token,
        body: ReportProblemRequest,
        response: { 200: z.object({ requestId: z.number(), message: z.string() }), ...REFUSED },
      },
    },
    async (request) => service.report(request.params.token, request.ip, request.body),
  );

  app.post(
    API.tenantPage.dataRequest,
    {
      schema: {
        tags,
        summary: 'Ask the office about your personal data: access, correction, erasure, objection or portability',
        params: Token,
        body: TenantDataRequest,
        response: { 200: z.object({ requestId: z.number(), dueAt: z.string(), message: z.string() }), ...REFUSED },
      },
    },
    async (request) => service.dataRequest(request.params.token, request.ip, request.body),
  );

  app.get(
    API.tenantPage.myDataJson,
    { schema: { tags, summary: 'Everything the office holds about you, as JSON', params: Token, produces: ['application/json'] } },
    async (request, reply) => {
      const { data, tenancyId } = await service.myData(request.params.token, request.ip);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${tenancyId}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    API.tenantPage.myDataPdf,
    { schema: { tags, summary: 'Everything the office holds about you, as a PDF', params: Token, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { pdf, tenancyId } = await service.myDataPdf(request.params.token, request.ip);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="my-data-${tenancyId}.pdf"`)
        .send(pdf);
    },
  );

  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: PHOTO_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post(
    API.tenantPage.photos,
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a photo (the image itself as the body) to the request just reported',
        params: Token.extend({ requestId: z.coerce.number().int().positive() }),
        consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
        response: { 200: z.object({ photoId: z.number() }), ...REFUSED },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return service.addPhoto(request.params.token, request.ip, request.params.requestId, body);
    },
  );

  app.get(
    API.tenantPage.photo,
    {
      schema: { tags, summary: "A photo of this tenancy's request", params: Token.extend({ photoId: z.coerce.number().int().positive() }), produces: ['image/jpeg'] },
    },
    async (request, reply) => {
      const photo = await service.photo(request.params.token, request.ip, request.params.photoId);
      return reply.header('content-type', photo.contentType).header('cache-control', 'private, no-store').send(photo.bytes);
    },
  );
};
