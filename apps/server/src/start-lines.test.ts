import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { startLines } from './start-lines';
import { openTestDatabase } from './test/database';

describe('the start line', () => {
  it('names the address really listened on, not localhost, when HOST=127.0.0.1', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
    const app = await buildApp({ ...config, webDist: undefined }, { database: await openTestDatabase() });
    try {
      await app.listen({ host: config.host, port: config.port });
      const { port } = app.server.address() as AddressInfo;
      const [first] = startLines(config, app.server.address());
      expect(first).toMatch(new RegExp(`^Makazi is running at http://127\\.0\\.0\\.1:${port} on PGlite in `));
    } finally {
      await app.close();
    }
  });

  it('keeps localhost by name (it listens on each of its addresses), brackets IPv6 and names the public address beside it', () => {
    const config = loadConfig({ HOST: 'localhost', DATA_DIR: 'data', PUBLIC_URL: 'https://makazi.example.co.ke' });
    expect(startLines(config, { address: '::1', family: 'IPv6', port: 3000 })[0]).toMatch(
      /^Makazi is running at http:\/\/localhost:3000 \(people open https:\/\/makazi\.example\.co\.ke\) on PGlite in .*data$/,
    );
    expect(startLines({ ...config, host: '::' }, { address: '::', family: 'IPv6', port: 8080 })[0]).toContain('http://[::]:8080');
  });

  it('says where the mail and the texts go when mail and SMS are off, and says nothing of them when they are on', () => {
    const off = startLines(loadConfig({}), { address: '127.0.0.1', family: 'IPv4', port: 3000 });
    expect(off).toHaveLength(3);
    expect(off[1]).toMatch(/^Mail is off \(no SMTP_URL\): every mail .* is printed in this log and kept in the mail_outbox table$/);
    expect(off[2]).toMatch(/^SMS is off \(AT_USERNAME and AT_API_KEY unset\)/);
    const on = startLines(
      loadConfig({ SMTP_URL: 'smtp://mail.example:587', AT_USERNAME: 'makazi', AT_API_KEY: 'key' }),
      { address: '127.0.0.1', family: 'IPv4', port: 3000 },
    );
    expect(on).toHaveLength(1);
  });
});
