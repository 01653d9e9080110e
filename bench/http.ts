// Load measurements: autocannon from a worker thread (so the load does not
// share the server's event loop), several warm repeats, each with the machine's
// one-minute load average beside it.
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';

export interface Repeat {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  timeouts: number;
  load: number;
}

export interface Series {
  repeats: Repeat[];
}

export const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export const load1 = () => Number(os.loadavg()[0]!.toFixed(1));

export async function hammer(url: string, connections: number, headers: Record<string, string> = {}): Promise<Series> {
  // Warm-up: the worker's start and the first plans are not what a user waits for.
  await autocannon({ url, connections: 2, duration: 1, workers: 1, headers });
  const repeats: Repeat[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const before = load1();
    const out = await autocannon({ url, connections, duration: SECONDS, workers: 1, headers, timeout: 10 });
    repeats.push({
      p50: out.latency.p50,
      p99: out.latency.p99,
      rps: Math.round(out.requests.average),
      errors: out.errors + out.non2xx,
      timeouts: out.timeouts,
      load: Math.max(before, load1()),
    });
  }
  return { repeats };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** "median (min–max)" of one field over the repeats. */
export function spread(series: Series, field: keyof Repeat, unit = ''): string {
  const v = series.repeats.map((r) => r[field]);
  const fmt = (n: number) => `${Math.round(n).toLocaleString('en-US')}${unit}`;
  return `${fmt(median(v))} (${fmt(Math.min(...v))}–${fmt(Math.max(...v))})`;
}

export const loads = (series: Series) => series.repeats.map((r) => r.load.toFixed(1)).join(', ');
export const medianOf = (series: Series, field: keyof Repeat) => median(series.repeats.map((r) => r[field]));

/**
 * A bare Fastify route answering the same bytes as the measured route: the
 * ceiling of this framework on this machine in the same run.
 */
export async function bareServer(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const bare = Fastify();
  bare.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/bare`, close: () => bare.close() };
}

/**
 * A port for a server the bench starts, below the kernel's ephemeral range
 * (32768–60999 here): a random port inside it can be taken by an outgoing
 * connection (autocannon's, a database pool's) and the server then exits with
 * EADDRINUSE, as a bare route's server once did mid-run. Each kind of server
 * has its own block of a thousand.
 */
export function benchPort(block: 'server' | 'bare' | 'start' | 'lighthouse' | 'tenant-page'): number {
  const blocks = { server: 21_000, bare: 22_000, start: 23_000, lighthouse: 24_000, 'tenant-page': 25_000 };
  return blocks[block] + Math.floor(Math.random() * 1000);
}
