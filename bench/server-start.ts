// The built server (`npm run build`) started on PGlite as `npm start` starts
// it: on an empty data directory (the first start), then restarted on it.
// Ready = /api/health answers; RSS read from /proc once it does.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchPort, load1 } from './http';

const root = path.join(import.meta.dirname, '..');

export interface Start {
  ms: number;
  rssMb: number;
  load: number;
}

export async function startServer(dataDir: string, port: number): Promise<{ start: Start; stop(): Promise<void> }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = performance.now() - t0;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return {
    start: { ms, rssMb: Math.round(rss), load: load1() },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Three first starts, each on an empty data directory of its own, then
 * `restarts` restarts on the last one.
 */
export async function measureStarts(restarts = 3): Promise<{ first: Start; firsts: Start[]; restarts: Start[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'makazi-start-'));
  const port = benchPort('start');
  try {
    const firsts: Start[] = [];
    for (let i = 0; i < 3; i++) {
      const first = await startServer(path.join(dir, `data-${i}`), port);
      firsts.push(first.start);
      await first.stop();
    }
    const again: Start[] = [];
    for (let i = 0; i < restarts; i++) {
      const s = await startServer(path.join(dir, 'data-2'), port);
      again.push(s.start);
      await s.stop();
    }
    const byTime = [...firsts].sort((a, b) => a.ms - b.ms);
    return { first: byTime[1]!, firsts, restarts: again };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
