import { describe, expect, it } from 'vitest';
import { fileClock } from './clock';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to PGlite in ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/data$/) });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/makazi', PORT: '8080' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/makazi', poolSize: 10, namedStatements: true });
    expect(config.port).toBe(8080);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('scales every rate limit by RATE_LIMIT_SCALE', () => {
    const config = loadConfig({ RATE_LIMIT_SCALE: '10' });
    expect(config.rateLimits.loginPerEmail.limit).toBe(100);
    expect(config.rateLimits.codesPerIp.limit).toBe(300);
  });

  it('takes migrations as the owner role from MIGRATION_DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://makazi_app@db/makazi',
      MIGRATION_DATABASE_URL: 'postgres://makazi_owner@db/makazi',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://makazi_app@db/makazi',
      migrationUrl: 'postgres://makazi_owner@db/makazi',
      poolSize: 10,
      namedStatements: true,
    });
  });

  it('sends hot reads unnamed when DATABASE_NAMED_STATEMENTS is false (behind a PgBouncer that cannot keep them)', () => {
    const base = { DATABASE_URL: 'postgres://makazi_app@bouncer/makazi' };
    expect(loadConfig(base).database).toMatchObject({ namedStatements: true });
    expect(loadConfig({ ...base, DATABASE_NAMED_STATEMENTS: 'false' }).database).toMatchObject({ namedStatements: false });
    expect(loadConfig({ ...base, DATABASE_NAMED_STATEMENTS: '0' }).database).toMatchObject({ namedStatements: false });
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE (ten processes behind PgBouncer, or fewer connections)', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://makazi_app@db/makazi', DATABASE_POOL_SIZE: '4' });
    expect(config.database).toMatchObject({ kind: 'postgres', poolSize: 4 });
  });

  it.each([
    [{}, true],
    [{ WORKERS: '1' }, true],
    [{ WORKERS: '0' }, false],
    [{ WORKERS: 'false' }, false],
  ])('runs background work unless WORKERS says this process serves requests only: %j → %s', (env, workers) => {
    expect(loadConfig(env).workers).toBe(workers);
  });

  it.each([
    [{}, false],
    [{ PUBLIC_URL: 'http://makazi.office:3000' }, false],
    [{ PUBLIC_URL: 'https://makazi.example.co.ke/' }, true],
    [{ TLS_PROXY: 'true' }, true],
    [{ TLS_PROXY: '0', PUBLIC_URL: 'http://10.0.0.5:3000' }, false],
  ])('knows it is served over HTTPS only when told: %j → %s', (env, https) => {
    expect(loadConfig(env).https).toBe(https);
  });

  it('keeps PUBLIC_URL without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://makazi.example.co.ke/' }).publicUrl).toBe('https://makazi.example.co.ke');
  });

  it.each([
    ['MIGRATION_DATABASE_URL', { MIGRATION_DATABASE_URL: 'mysql://x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://makazi' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'makazi.office' }],
    ['TLS_PROXY', { TLS_PROXY: 'yes please' }],
    ['RATE_LIMIT_SCALE', { RATE_LIMIT_SCALE: '0' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '0' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: 'ten' }],
    ['DATABASE_NAMED_STATEMENTS', { DATABASE_NAMED_STATEMENTS: 'maybe' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '2.5' }],
    ['WORKERS', { WORKERS: 'some' }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('refuses a bad %s, naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('TEST_CLOCK_FILE', () => {
  it('moves the clock outside production and is refused in production', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_FILE: '/tmp/clock.txt' }).testClockFile).toBe('/tmp/clock.txt');
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_FILE: '/tmp/clock.txt' })).toThrow(/TEST_CLOCK_FILE: is for tests only/);
  });

  it('reads the date-time the file holds, and the system clock when it is empty or missing', () => {
    const files: Record<string, string> = { '/moved': '2027-05-10T09:00:00Z\n', '/empty': '' };
    const read = (f: string) => {
      if (!(f in files)) throw new Error('ENOENT');
      return files[f]!;
    };
    expect(fileClock('/moved', read).now().toISOString()).toBe('2027-05-10T09:00:00.000Z');
    for (const f of ['/empty', '/missing']) expect(Math.abs(fileClock(f, read).now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});
