import {
  API,
  AgentQuery,
  AmlLogItem,
  AmlLogQuery,
  AmlReviewRequest,
  AmlSettings,
  AmlSettingsRequest,
  KYC_DOCUMENT_MAX_BYTES,
  KYC_DOCUMENT_TYPES,
  KycDocumentQuery,
  KycDocumentUploadQuery,
  KycRecord,
  KycRecordQuery,
  KycRequest,
  KycSubject,
  KycSubjectsQuery,
  Suspicion,
  SuspicionQuery,
  SuspicionRequest,
  Threshold,
  ThresholdRequest,
} from '@makazi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';
import { readerLanguage } from '../../plugins/reader-language';

const Message = z.object({ message: z.string() });
/** An agency's administrators and hired users reach the check; of the users, only the reporting officer passes it. */
const AGENCY_ROLES = [5100, 5101] as const;
const ADMIN = [5100] as const;

/**
 * KYC records and the anti-money-laundering log (POCAMLA): an agency's
 * administrators and its money-laundering reporting officer; never a landlord,
 * a tenant or a landlord's own account (decision 044).
 */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.kyc;
  const tags = ['kyc and aml'];
  const officer = (agentId: ReturnType<typeof fromQuery>) => [
    app.agentScope({ allowed: AGENCY_ROLES, agentId }),
    async (request: FastifyRequest) => {
      const scope = scopeOf(request);
      await service.assertMayAct(scope.agentId, scope.role, callerOf(request).userNo);
    },
  ];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ADMIN, agentId });
  // A scanned document is sent as the file itself; what it is is read from its bytes.
  app.addContentTypeParser([...KYC_DOCUMENT_TYPES], { parseAs: 'buffer', bodyLimit: KYC_DOCUMENT_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  app.get(
    API.kyc.subjects,
    { preHandler: officer(fromQuery('managingAgentId')), schema: { tags, security: BEARER, querystring: KycSubjectsQuery, response: { 200: z.array(KycSubject), ...REFUSALS } } },
    async (request) => service.subjects(scopeOf(request).agentId, request.query.q),
  );

  app.get(
    API.kyc.record,
    { preHandler: officer(fromQuery('managingAgentId')), schema: { tags, security: BEARER, querystring: KycRecordQuery, response: { 200: KycRecord, ...REFUSALS } } },
    async (request) => service.record(scopeOf(request).agentId, request.query.ClientNo),
  );

  app.post(
    API.kyc.record,
    {
      preHandler: officer(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: KycRequest, response: { 200: Message.extend({ KycId: z.number(), Version: z.number() }), ...REFUSALS } },
    },
    async (request) => service.save(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.post(
    API.kyc.document,
    {
      preHandler: officer(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: KycDocumentUploadQuery,
        consumes: [...KYC_DOCUMENT_TYPES],
        response: { 200: Message.extend({ DocumentId: z.number() }), ...REFUSALS },
      },
    },
    async (request) =>
      service.addDocument(scopeOf(request).agentId, callerOf(request).userNo, {
        clientNo: request.query.ClientNo,
        name: request.query.name ?? `document-${request.query.ClientNo}`,
        description: request.query.description,
        bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      }),
  );

  app.get(
    API.kyc.document,
    { preHandler: officer(fromQuery('managingAgentId')), schema: { tags, security: BEARER, querystring: KycDocumentQuery, produces: [...KYC_DOCUMENT_TYPES] } },
    async (request, reply) => {
      const file = await service.document(scopeOf(request).agentId, request.query.DocumentId);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
        .send(file.bytes);
    },
  );

  app.get(
    API.aml.settings,
    { preHandler: officer(fromQuery('managingAgentId')), schema: { tags, security: BEARER, querystring: AgentQuery, response: { 200: AmlSettings, ...REFUSALS } } },
    async (request) => service.settings(scopeOf(request).agentId),
  );

  app.post(
    API.aml.settings,
    { preHandler: admin(fromBody('managingAgentId')), schema: { tags, security: BEARER, body: AmlSettingsRequest, response: { 200: Message, ...REFUSALS } } },
    async (request) => service.saveSettings(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.get(
    API.aml.thresholds,
    { preHandler: officer(fromQuery('managingAgentId')), schema: { tags, security: BEARER, querystring: AgentQuery, response: { 200: z.array(Threshold), ...REFUSALS } } },
    async (request) => service.thresholds(scopeOf(request).agentId),
  );

  app.post(
    API.aml.thresholds,
    { preHandler: admin(fromBody('managingAgentId')), schema: { tags, security: BEARER, body: ThresholdRequest, response: { 200: Message, ...REFUSALS } } },
    async (request) => service.saveThreshold(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.get(
    API.aml.log,
    { preHandler: officer(fromQuery('managingAgentId')), schema: { tags, security: BEARER, querystring: AmlLogQuery, response: { 200: z.array(AmlLogItem), ...REFUSALS } } },
    async (request) => service.log(scopeOf(request).agentId, request.query.from, request.query.to),
  );

  app.post(
    API.aml.review,
    { preHandler: officer(fromBody('managingAgentId')), schema: { tags, security: BEARER, body: AmlReviewRequest, response: { 200: Message, ...REFUSALS } } },
    async (request) => service.review(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.get(
    API.aml.suspicions,
    { preHandler: officer(fromQuery('managingAgentId')), schema: { tags, security: BEARER, querystring: AgentQuery, response: { 200: z.array(Suspicion), ...REFUSALS } } },
    async (request) => service.suspicions(scopeOf(request).agentId),
  );

  app.post(
    API.aml.suspicion,
    {
      preHandler: officer(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: SuspicionRequest, response: { 200: Message.extend({ SuspicionId: z.number() }), ...REFUSALS } },
    },
    async (request) => service.recordSuspicion(scopeOf(request).agentId, callerOf(request).userNo, request.body),
  );

  app.get(
    API.aml.suspicionPdf,
    { preHandler: officer(fromQuery('managingAgentId')), schema: { tags, security: BEARER, querystring: SuspicionQuery, produces: ['application/pdf'] } },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="draft-str-${request.query.SuspicionId}.pdf"`)
        .send(await service.suspicionPdf(scopeOf(request).agentId, request.query.SuspicionId, readerLanguage(request))),
  );
};
