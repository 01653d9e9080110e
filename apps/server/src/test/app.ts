import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Clock } from '../clock';
import { loadConfig, type AppConfig } from '../config';
import { openTestDatabase } from './database';

/** The app as every API test builds it: fresh database, no SPA, quiet logs. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { clock?: Clock } = {},
): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    webDist: undefined,
    ...overrides,
  };
  return buildApp(config, { database: await openTestDatabase(), ...options });
}
