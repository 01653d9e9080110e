import type { FastifyInstance } from 'fastify';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { openTestDatabase, testDatabaseKind } from '../../test/database';

/**
 * PostgreSQL going away under a running server, played by a TCP relay the
 * app's connections go through: closing the relay is the database down.
 */
describe.runIf(testDatabaseKind === 'postgres')('GET /api/health with PostgreSQL down', () => {
  let app: FastifyInstance;
  let relay: Server;
  const sockets = new Set<Socket>();
  /** Paused, the relay still takes connections but passes nothing: a database that hangs. */
  let paused = false;
  const pairs: [Socket, Socket][] = [];
  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    relay = createServer((client) => {
      sockets.add(client);
      if (paused) return;
      const server = connect(Number(target.port || 5432), target.hostname);
      pairs.push([client, server]);
      for (const s of [client, server]) {
        sockets.add(s);
        s.on('error', () => s.destroy());
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as { port: number }).port;
    const database = await openTestDatabase({
      appUrl: (url) => {
        const through = new URL(url);
        through.hostname = '127.0.0.1';
        through.port = String(port);
        return through.toString();
      },
    });
    app = await createTestApp({}, { database });
  });
  afterAll(async () => {
    relay.close();
    for (const s of sockets) s.destroy();
    await app?.close().catch(() => undefined);
  });

  it('answers 503 degraded within seconds while the database hangs, not waiting on it', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    paused = true;
    for (const [client, server] of pairs) {
      client.unpipe(server);
      server.unpipe(client);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = Date.now();
    const down = await app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', db: 'postgres' });
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('answers 503 degraded while the database refuses connections', async () => {
    relay.close();
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = Date.now();
    const down = await app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', db: 'postgres' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
