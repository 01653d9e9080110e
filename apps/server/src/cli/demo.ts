// `npm run demo`: builds a demo agency with six months of history in its own
// directory (DEMO_DIR, default ./demo), made through the app's own routes,
// then starts the built server on it and prints the logins. A directory that
// holds anything but an earlier demo is refused: the demo never writes into
// real data. A second run starts the demo already built.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { manualClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { buildDemoAgency } from '../demo/demo-agency';
import { serverRoot } from '../paths';

const LOGINS = 'logins.txt';

class DemoRefused extends Error {}

async function main() {
  if (process.env.DATABASE_URL) throw new DemoRefused('The demo runs on its own embedded database: unset DATABASE_URL.');
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DEMO_DIR ?? 'demo');
  const dataDir = path.join(dir, 'data');
  const held = existsSync(dir) ? readdirSync(dir) : [];
  const earlierDemo = held.length === 2 && held.includes(LOGINS) && held.includes('data');
  if (held.length > 0 && !earlierDemo) {
    throw new DemoRefused(`${dir} holds something other than a finished Makazi demo (delete a demo stopped half-way): choose an empty or new directory with DEMO_DIR.`);
  }
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? 'localhost';
  if (!earlierDemo) {
    mkdirSync(dir, { recursive: true });
    console.log(`Building the demo agency in ${dir} (six months of history; a minute or two)…`);
    const clock = manualClock();
    const config = {
      ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000' }),
      webDist: undefined,
      deliverNotices: false,
      recoverStk: false,
    };
    const app = await buildApp(config, { clock });
    try {
      const demo = await buildDemoAgency(app, clock);
      const lines = [
        'Makazi demo agency: Baraka Homes (demo), two landlords, four properties, six months of history.',
        ...demo.logins.map((l) => `  ${l.role.padEnd(26)} ${l.email.padEnd(32)} password: ${l.password}`),
        `  A tenant's statement (signed in): /propertymanagement/agency/tenancymanagement/tenancies/${demo.reversedTenancyId}`,
        `  A tenant's link (no sign-in):     /t/${demo.tenantToken}`,
      ];
      writeFileSync(path.join(dir, LOGINS), `${lines.join('\n')}\n`);
    } finally {
      await app.close();
    }
  }
  const logins = readFileSync(path.join(dir, LOGINS), 'utf8').replace(/ \/(t|propertymanagement)\//g, ` http://${host}:${port}/$1/`);
  console.log(`\n${logins}`);
  const server = spawn(process.execPath, [path.join(serverRoot, 'dist', 'server.js')], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: host },
  });
  // Ctrl-C reaches the server too (one process group); this process waits for it to close the database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  return new Promise<number>((resolve) => server.on('exit', (code) => resolve(code ?? 1)));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected = error instanceof DemoRefused || error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
