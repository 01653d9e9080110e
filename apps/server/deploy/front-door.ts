import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What stands in front of many app processes in docs/deployment.md's shape for
 * more than one machine: Debian's PgBouncer in transaction mode between the app
 * processes and PostgreSQL, and Debian's nginx spreading requests over them.
 * Both run from config files written here, in a folder of their own.
 */
export interface Running {
  port: number;
  log(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function folder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // PgBouncer will not run as root: as root it runs as `postgres`, which must read its folder.
  if (process.getuid?.() === 0) chownSync(dir, uid('postgres'), gid('postgres'));
  return dir;
}

const uid = (user: string) => Number(execFileSync('id', ['-u', user]).toString());
const gid = (user: string) => Number(execFileSync('id', ['-g', user]).toString());

function started(command: string, args: string[], dir: string, logFile: string): Running & { child: ChildProcess } {
  const asRoot = process.getuid?.() === 0 && command.endsWith('pgbouncer');
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' })
    : spawn(command, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    port: 0,
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function listening(port: number, what: Running): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port}:\n${what.log()}`);
}

/** PgBouncer in transaction mode: each of `users` reaches `database` on `server` through it, trusted as on the test server. */
export async function startPgBouncer(server: { host: string; port: number }, database: string, users: string[], poolSize: number): Promise<Running> {
  const dir = folder('makazi-pgbouncer-');
  const port = await freePort();
  const logFile = path.join(dir, 'pgbouncer.log');
  writeFileSync(path.join(dir, 'users.txt'), users.map((u) => `"${u}" ""`).join('\n') + '\n');
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${server.host} port=${server.port} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      `logfile = ${logFile}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      // node-postgres names no statement it prepares (unnamed, one per transaction): transaction mode keeps them whole.
      'server_reset_query =',
      '',
    ].join('\n'),
  );
  const running = started('/usr/sbin/pgbouncer', [path.join(dir, 'pgbouncer.ini')], dir, logFile);
  await listening(port, running);
  return { ...running, port };
}

/** nginx spreading requests over `upstreams` (ports on loopback), telling in a header which one answered. */
export async function startNginx(upstreams: number[]): Promise<Running> {
  const dir = folder('makazi-nginx-');
  const port = await freePort();
  const logFile = path.join(dir, 'error.log');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `
daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${logFile} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream makazi {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://makazi;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const running = started('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', logFile], dir, logFile);
  await listening(port, running);
  return { ...running, port };
}
