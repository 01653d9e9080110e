import {
  API,
  BOOK_IMPORT_MAX_BYTES,
  BOOK_IMPORT_MESSAGES,
  BookAgentQuery,
  BookImported,
  BookMappingRequest,
  BookMappings,
  BookPreview,
  BookProgress,
  BookTemplateQuery,
  BookUploadQuery,
  ERROR_CODES,
  ROLE_LISTS,
} from '@makazi/domain';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { sayer } from '../../plugins/reader-language';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a browser may call a spreadsheet; the server reads what it is from its bytes whatever it is called. */
const UPLOAD_TYPES = [XLSX, 'text/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

/** Admin → Import the book (decision 052): admins only, as it puts people and money on the books. */
export const bookImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.bookImport;
  const tags = ['book import'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: BOOK_IMPORT_MAX_BYTES }, (_r, body, done) => done(null, body));
  // A file over the limit is stopped before it is read: said in the import's words, not the web server's.
  const parent = app.errorHandler;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: sayer(request)(BOOK_IMPORT_MESSAGES.tooBig), code: ERROR_CODES.invalid, reqId: request.id });
    }
    return parent.call(app, error, request, reply);
  });
  const fileOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.get(
    API.bookImport.template,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: BookTemplateQuery, produces: [XLSX] },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? 'en';
      const bytes = await service.template(lang);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="makazi-import-${lang}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  app.post(
    API.bookImport.preview,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: BookUploadQuery, consumes: UPLOAD_TYPES, response: { 200: BookPreview, ...REFUSALS } },
    },
    async (request) => service.preview(scopeOf(request).agentId, fileOf(request.body), request.query.name, request.query.sheet),
  );

  app.post(
    API.bookImport.confirm,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: BookUploadQuery, consumes: UPLOAD_TYPES, response: { 200: BookImported, ...REFUSALS } },
    },
    async (request) => service.confirm(scopeOf(request).agentId, callerOf(request), fileOf(request.body), request.query.name, request.query.sheet),
  );

  app.get(
    API.bookImport.progress,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: BookAgentQuery, response: { 200: BookProgress, ...REFUSALS } },
    },
    async (request) => service.progress(scopeOf(request).agentId),
  );

  app.get(
    API.bookImport.mapping,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: BookAgentQuery, response: { 200: BookMappings, ...REFUSALS } },
    },
    async (request) => service.mappings(scopeOf(request).agentId),
  );

  app.post(
    API.bookImport.mapping,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: BookMappingRequest, response: { 200: z.object({ message: z.string() }), ...REFUSALS } },
    },
    async (request) => service.saveMapping(scopeOf(request).agentId, callerOf(request), request.body.Sheet, request.body.Columns),
  );
};
