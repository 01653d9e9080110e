import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/**
 * A running PGlite server owns its data directory, so `npm run backup` asks it
 * for the copy through a socket beside that directory (`<DATA_DIR>.backup.sock`;
 * inside it the socket would land in the copy). Only the server's own user may
 * reach it (mode 600): no HTTP route, no password.
 */
export const backupSocketPath = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.backup.sock`;

export async function startBackupSocket(database: Database, dataDir: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // A socket file left by a killed server: this process holds the lock now, so it is ours to replace.
  await rm(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup' || !database.dump) {
      res.writeHead(404).end();
      return;
    }
    database.dump().then(
      (bytes) => {
        log.info({ bytes: bytes.length }, 'backup taken');
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length }).end(bytes);
      },
      (error: unknown) => {
        log.error({ err: error }, 'backup failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : JSON.stringify(error));
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
    await chmod(socketPath, 0o600);
  } catch (error) {
    // A path too long for a socket, say: the server runs on, backups need it stopped.
    log.warn({ err: error }, `no backup socket at ${socketPath}: stop the server to take a backup`);
    return async () => undefined;
  }
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** Asks the server holding `dataDir` for a backup. */
export function requestBackup(dataDir: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath: backupSocketPath(dataDir), path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(new Uint8Array(body));
        else reject(new Error(`the running server could not take the backup: ${res.statusCode} ${body.toString('utf8')}`));
      });
    });
    req.on('error', (error) => reject(new Error(`cannot reach the running server's backup socket: ${error.message}`)));
  });
}
