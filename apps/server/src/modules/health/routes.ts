import { HealthResponse } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const { database } = app;
      try {
        const migrations = await database.appliedMigrations();
        return { status: 'ok' as const, db: database.kind, migrations };
      } catch (error) {
        app.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'degraded', db: database.kind, migrations: 0 });
      }
    },
  );
};
