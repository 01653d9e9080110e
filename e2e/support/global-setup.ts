import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startFakeDaraja } from './fake-daraja';
import { startFakeSmtp } from './fake-smtp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Starts the built app (`npm run build` first) as a new user would: its own free
 * port, an empty data directory, the embedded database. The server's log is kept
 * in a file so tests can read what it prints (one-time codes, for one).
 */
export default async function globalSetup() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'makazi-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  // Specs move the server's clock by writing a date-time here (TEST_CLOCK_FILE, never in production); empty means now.
  const clockFile = path.join(dataDir, 'clock.txt');
  const log = createWriteStream(logFile);
  const daraja = await startFakeDaraja();
  // Mail goes out by SMTP to a mail server on loopback, which keeps each message for the specs (codes, links).
  const mailFile = path.join(dataDir, 'mail.jsonl');
  const smtp = await startFakeSmtp(mailFile);
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(dataDir, 'db'), DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '20', TEST_CLOCK_FILE: clockFile,
      // Pay now talks to a fake Daraja on loopback; the key seals the walks' Daraja secrets.
      DARAJA_BASE_URL: daraja.url, DARAJA_SECRETS_KEY: '0f'.repeat(32),
      AT_SMS_BASE_URL: daraja.url, AT_USERNAME: 'sandbox', AT_API_KEY: 'e2e-key', SMTP_URL: smtp.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  const baseURL = `http://localhost:${port}`;
  await waitForHealth(baseURL, server);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_MAIL_LOG = mailFile;
  process.env.E2E_CLOCK_FILE = clockFile;
  process.env.E2E_DARAJA_URL = daraja.url;

  return async () => {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    await new Promise<void>((resolve) => daraja.server.close(() => resolve()));
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseURL: string, server: ReturnType<typeof spawn>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not answer ${baseURL}/api/health within 60 s`);
}
