import { DATABASE_RETRY_AFTER_SECONDS, HealthResponse } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = app.services.health;
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const warnings = health.warnings();
      const told = warnings.length ? { warnings } : {};
      try {
        return { status: 'ok' as const, db: health.kind, migrations: await health.migrations(), ...told };
      } catch (error) {
        app.log.error({ err: error }, 'health check failed');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ status: 'degraded', db: health.kind, migrations: 0, ...told });
      }
    },
  );
};
