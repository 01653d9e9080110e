import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { devices, expect, test } from '@playwright/test';

/**
 * README's three pictures, taken from the demo agency `npm run demo` builds
 * (issue 40), so they show what the product shows today: the dashboard, a
 * tenant's statement, and the tenant's link on a phone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PICTURES = path.join(root, 'docs', 'pictures');
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;

let demo: ChildProcess;
let baseURL = '';
let tenantPath = '';
let statementPath = '';
const admin = { email: 'demo.admin@example.co.ke', password: 'makazi-demo-2026' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'makazi-demo-')), 'demo');
  demo = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/demo.ts'], {
    cwd: root,
    env: { ...process.env, DEMO_DIR: dir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', INIT_CWD: root },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Makazi is running at')) resolve();
    };
    demo.stdout!.on('data', read);
    demo.stderr!.on('data', read);
    demo.on('exit', (code) => reject(new Error(`npm run demo stopped (${code}):\n${output}`)));
  });
  tenantPath = new URL(output.match(/https?:\/\/\S+\/t\/[A-Za-z0-9_-]+/)![0]).pathname;
  statementPath = new URL(output.match(/https?:\/\/\S+\/tenancies\/\d+/)![0]).pathname;
  await mkdir(PICTURES, { recursive: true });
});

test.afterAll(async () => {
  if (demo?.exitCode === null) {
    demo.kill('SIGTERM');
    await new Promise((resolve) => demo.on('exit', resolve));
  }
});

test('the dashboard and a tenant statement of the demo agency, at a desktop width', async ({ browser }) => {
  // Tall enough for the dashboard's money charts under its counts.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 1600 } });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(pm('dashboard'));
  // A shared machine can take long over six months of figures; a quiet one answers at once.
  await expect(page.getByRole('region', { name: 'Most in arrears' }).getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(PICTURES, 'dashboard.png'), fullPage: false });

  await page.goto(statementPath);
  const statement = page.getByRole('table', { name: 'Financial statement' });
  await expect(statement.getByRole('row').filter({ hasText: 'Reversal of ' })).toBeVisible({ timeout: 60_000 });
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.getByRole('heading', { name: 'Financial statement' }).scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(PICTURES, 'tenant-statement.png'), fullPage: false });
  await context.close();
});

test("the tenant's link on a phone", async ({ browser }) => {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const page = await context.newPage();
  await page.goto(tenantPath);
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(PICTURES, 'tenant-link-phone.png'), fullPage: false });
  await context.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
