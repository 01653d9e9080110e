import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { healthRoutes } from './modules/health/routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<AppConfig>;
    database: Database;
  }
}

export interface BuildOptions {
  /** An already-open database (tests); otherwise one is opened from the config. */
  database?: Database;
}

/**
 * Builds the whole application without listening: `server.ts` listens, tests
 * call `app.inject`. The app owns the database and closes it on `app.close()`.
 */
export async function buildApp(config: Readonly<AppConfig>, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(config.database));
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  try {
    app.decorate('config', config);
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);

    await database.migrate();

    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          // Mantine writes style attributes; scripts stay same-origin only.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
        },
      },
    });
    await app.register(cookie);
    await registerOpenApi(app);
    await app.register(
      async (api) => {
        await api.register(healthRoutes);
      },
      { prefix: '/api' },
    );
    await registerSpa(app, config.webDist);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}

function loggerOptions(config: Readonly<AppConfig>) {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  if (config.env === 'development' && process.stdout.isTTY) {
    return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } };
  }
  return base;
}
