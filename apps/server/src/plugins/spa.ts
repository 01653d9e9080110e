import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@makazi/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built SPA: its files as they are, and index.html for every other
 * GET so the client router can show its pages ('Page not found' included).
 * Unknown /api paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined) {
  const hasSpa = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file: sent as they are, by Accept-Encoding.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders(reply: FastifyReply, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: ERROR_CODES.notFound, reqId: request.id });
  });
}
