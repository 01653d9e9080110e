import { buildApp } from './app';
import { startBackupSocket } from './backup/backup-socket';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { readableLog } from './log/readable';
import { startLines } from './start-lines';

async function main() {
  const config = loadConfig();
  // A person at a terminal reads lines; a file or a pipe (a log collector) gets pino's JSON.
  const app = await buildApp(config, process.stdout.isTTY ? { logStream: readableLog(process.stdout) } : {});
  const dataDir = config.database.kind === 'pglite' ? config.database.dataDir : undefined;
  const stopBackups = dataDir
    ? await startBackupSocket(app.database, dataDir, app.log)
    : async () => undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    // Ctrl-C reaches both npm and node, and npm forwards it again: a second
    // signal must not cut the first stop short.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Longer than the notices' own bound (STOP_BOUND_MS) plus closing the database.
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      await stopBackups();
      await app.close();
      app.log.info('stopped: database closed, data directory released');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Background work (invoicing, penalties, notices, STK recovery, pruning) for the process that listens, unless WORKERS=0.
  await app.jobs.start();
  for (const line of startLines(config, app.server.address())) app.log.info(line);
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
