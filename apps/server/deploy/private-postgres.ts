import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of the test's own (Debian's binaries), to stop and
 * start at will without disturbing the shared test database. initdb refuses
 * root, so as root the cluster runs as the `postgres` user.
 */
export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  return path.join(base, version, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const root = mkdtempSync(path.join(tmpdir(), 'makazi-pg-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(root, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (tool: string, args: string[]) => {
    const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    execFileSync(command as string, all as string[], { stdio: 'pipe' });
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-w', '-t', '60', '-l', path.join(root, 'log'), 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
