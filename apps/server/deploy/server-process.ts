import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database';
import { serverRoot } from '../src/paths';

export const repoRoot = path.resolve(serverRoot, '..', '..');
export const serverBundle = path.join(serverRoot, 'dist', 'server.js');

export function requireBuild() {
  if (!existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: run \`npm run build\` first`);
}

/** A server started as an operator starts it, in a process group of its own. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Settings every started server gets: its own free port on loopback, JSON logs. */
const BASE_ENV = { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info' };

export async function startServer(command: string, args: string[], env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server started within 90 s:\n${logs.join('\n')}`)), 90_000);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        logs.push(line);
        const listening = line.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
        if (listening) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        }
      });
    }
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${logs.join('\n')}`));
    });
  });
  return { child, port, url: `http://127.0.0.1:${port}`, logs, exited };
}

/** Stops a started server and everything in its process group, whatever state it is in. */
export async function killGroup(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  try {
    process.kill(-server.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
  await server.exited;
}

type InjectOptions = { method: string; url: string; headers?: Record<string, string>; payload?: unknown };

/**
 * A running server seen through the same face as `app.inject`, so the API
 * suite's helpers (sign-up, estates, bookings, payments) drive it over HTTP.
 * `database` reads what a user would read from their mail (the outbox).
 * `from` is the loopback address requests come from (127.0.0.0/8 is all
 * this machine): a visitor of its own to the per-address limits.
 */
export function overHttp(baseUrl: string, database: Database, from = '127.0.0.1'): FastifyInstance {
  const inject = ({ method, url, headers = {}, payload }: InjectOptions) =>
    new Promise((resolve, reject) => {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const req = http.request(
        baseUrl + url,
        {
          method,
          localAddress: from,
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const cookies = (res.headers['set-cookie'] ?? []).map((c) => {
              const [pair = ''] = c.split(';');
              const at = pair.indexOf('=');
              return { name: pair.slice(0, at), value: pair.slice(at + 1) };
            });
            resolve({ statusCode: res.statusCode, body: text, json: () => JSON.parse(text), headers: res.headers, cookies });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { inject, database } as unknown as FastifyInstance;
}
