// Load from outside, as the goals of issue 21 say it: the built server
// (`npm run serve`) in its own process at the default log level, autocannon in
// another process, the bare route in a third, every list at 50 connections,
// each figure three times with the machine's load beside it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { benchPort, load1, REPEATS, SECONDS, type Repeat, type Series } from './http';

const root = path.join(import.meta.dirname, '..');
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** One autocannon run in its own process; its JSON summary. */
function autocannonOnce(url: string, connections: number, seconds: number, headers: Record<string, string>): Promise<Repeat> {
  const args = [autocannonCli, '-c', String(connections), '-d', String(seconds), '-t', '10', '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const before = load1();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        const r = JSON.parse(out) as {
          latency: { p50: number; p99: number };
          requests: { average: number };
          errors: number;
          timeouts: number;
          non2xx: number;
        };
        resolve({
          p50: r.latency.p50,
          p99: r.latency.p99,
          rps: Math.round(r.requests.average),
          errors: r.errors + r.non2xx,
          timeouts: r.timeouts,
          load: Math.max(before, load1()),
        });
      } catch {
        reject(new Error(`autocannon exited ${code} without a summary for ${url}`));
      }
    });
  });
}

/**
 * Seconds per autocannon sample: 3 on PostgreSQL, where a second at c=50 is
 * hundreds to thousands of requests, so three samples of three seconds each
 * hold a p99; 5 on PGlite, whose tens of requests a second need longer for
 * one. BENCH_SECONDS sets both.
 */
export function outsideSeconds(kind: 'pglite' | 'postgres'): number {
  return process.env.BENCH_SECONDS ? SECONDS : kind === 'pglite' ? 5 : 3;
}

/** Three samples (fewer only when `allows` says the step's budget is used up), after a one-second warm-up. */
export async function hammerFromOutside(
  url: string,
  connections: number,
  headers: Record<string, string> = {},
  seconds = SECONDS,
  allows: () => boolean = () => true,
): Promise<Series> {
  await autocannonOnce(url, 2, 1, headers); // warm-up: first plans and JIT are not what a user waits for
  const repeats: Repeat[] = [];
  for (let i = 0; i < REPEATS && (i === 0 || allows()); i++) repeats.push(await autocannonOnce(url, connections, seconds, headers));
  return { repeats };
}

async function untilHealthy(base: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Served {
  base: string;
  pid: number;
  rssMb(): number;
  stop(): Promise<void>;
}

/** The built server as `npm run serve` starts it, at the default log level (its log goes to /dev/null). */
export async function serveBuilt(env: { DATABASE_URL?: string; MIGRATION_DATABASE_URL?: string; DATA_DIR?: string }): Promise<Served> {
  const port = benchPort('server');
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' };
  delete childEnv.LOG_LEVEL;
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  if (!env.MIGRATION_DATABASE_URL) delete childEnv.MIGRATION_DATABASE_URL;
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: root, env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  await untilHealthy(base, child);
  return {
    base,
    pid: child.pid!,
    rssMb: () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A bare Fastify route serving `body`, in its own process: the framework's ceiling on this machine. */
export async function bareProcess(body: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = benchPort('bare');
  const script = `
    const body = require('node:fs').readFileSync(0, 'utf8');
    const app = require('fastify')();
    app.get('/bare', (_q, reply) => reply.type('application/json; charset=utf-8').send(body));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: import.meta.dirname, stdio: ['pipe', 'ignore', 'inherit'] });
  child.stdin.end(body);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/bare`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the bare server exited');
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
