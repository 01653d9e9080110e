import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startInvoicingTimer } from './modules/invoicing/scheduler';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  let stopInvoicing = () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    stopInvoicing();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  stopInvoicing = startInvoicingTimer({ invoicing: app.services.invoicing, clock: app.clock, log: app.log });
  const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
  app.log.info(`Makazi is running at http://localhost:${config.port} on ${where}`);
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
