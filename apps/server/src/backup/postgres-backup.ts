import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupFileError } from './backup-file';

/** Rows a backup never carries: the signing key, live sessions, one-time codes, rate-limit counters. */
export const SECRET_TABLES = ['refresh_tokens', 'server_secrets', 'email_codes', 'rate_limits'] as const;

/**
 * pg_dump and pg_restore from PATH, else from Debian's
 * /usr/lib/postgresql/<newest>/bin, where the postgresql-client package puts them.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return name;
  const newest = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .find((v) => existsSync(path.join(base, v, 'bin', name)));
  return newest ? path.join(base, newest, 'bin', name) : name;
}

function run(tool: string, args: string[], input?: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (error) => reject(new BackupFileError(`cannot run ${tool}: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve(new Uint8Array(Buffer.concat(out))) : reject(new BackupFileError(`${tool} failed (${code}): ${err.trim()}`)),
    );
    child.stdin.end(input ? Buffer.from(input) : undefined);
  });
}

/**
 * A custom-format pg_dump without the secret tables' rows. Sessions go too:
 * refresh tokens point at them, and a restore ends them all anyway.
 */
export function dumpPostgres(url: string): Promise<Uint8Array> {
  const excluded = [...SECRET_TABLES, 'sessions'].flatMap((t) => ['--exclude-table-data', t]);
  return run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', ...excluded, url]);
}

/**
 * pg_restore into DATABASE_URL in one transaction, replacing what is there,
 * then the same forgetting as the embedded restore: no token from before works.
 */
export async function restorePostgres(url: string, dump: Uint8Array): Promise<void> {
  await run(pgTool('pg_restore'), ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--dbname', url], dump);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const table of SECRET_TABLES) await client.query(`DELETE FROM ${table}`);
    await client.query(`UPDATE sessions SET ended_at = now(), end_reason = 'expired' WHERE ended_at IS NULL`);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}
