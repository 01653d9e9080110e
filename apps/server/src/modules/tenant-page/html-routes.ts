import { API } from '@makazi/domain';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { tenantPageHtml } from './html';
import { TENANT_SCRIPT } from './script';

const SCRIPT_GZ = gzipSync(TENANT_SCRIPT);
const SCRIPT_ETAG = `"${createHash('sha256').update(TENANT_SCRIPT).digest('base64url').slice(0, 16)}"`;

/**
 * The tenant's page at /t/{token}: its own tiny HTML, not the office SPA, so
 * a phone on a slow network has it in one small response. A wrong, rotated,
 * revoked or expired token is a plain 404.
 */
export const tenantPageHtmlRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.tenantPage;

  app.get<{ Params: { token: string } }>(API.tenantPage.view, { schema: { hide: true } }, async (request, reply) => {
    const token = String(request.params.token).slice(0, 100);
    try {
      const view = await service.view(token, request.ip);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(tenantPageHtml(view, token));
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 429)
        return reply
          .status(status)
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(status === 404 ? 'Not found' : 'Too many attempts. Try again later.');
      throw error;
    }
  });

  app.get('/t-assets/tenant.js', { schema: { hide: true } }, async (request, reply) => {
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('etag', SCRIPT_ETAG);
    if (request.headers['if-none-match'] === SCRIPT_ETAG) return reply.status(304).send();
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(SCRIPT_GZ);
    return reply.send(TENANT_SCRIPT);
  });
};
