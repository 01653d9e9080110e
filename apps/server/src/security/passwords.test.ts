import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { TEST_PASSWORD_COST } from '../test/app';
import { PASSWORD_COST, passwords } from './passwords';

// The API tests hash at a test-only cost (test/app.ts); this is the one place the deployed cost is held.
describe('password hashing', () => {
  it('is deployed at argon2id 19 MiB, 2 passes, 1 lane: OWASP’s baseline', async () => {
    expect(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }).passwordCost).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hashed = await passwords(PASSWORD_COST).hash('secret-pass');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hashed).not.toContain('secret-pass');
  });

  it('accepts the password, refuses another one and an account without a hash', async () => {
    const hashing = passwords(PASSWORD_COST);
    const hashed = await hashing.hash('secret-pass');
    expect(await hashing.verify(hashed, 'secret-pass')).toBe(true);
    expect(await hashing.verify(hashed, 'secret-pasS')).toBe(false);
    expect(await hashing.verify(undefined, 'secret-pass')).toBe(false);
    expect(await hashing.verify('not a hash', 'secret-pass')).toBe(false);
  });

  it('checks a stored hash at the cost written in it, so a change of cost locks no one out', async () => {
    const deployed = await passwords(PASSWORD_COST).hash('secret-pass');
    const cheap = passwords(TEST_PASSWORD_COST);
    expect(await cheap.verify(deployed, 'secret-pass')).toBe(true);
    expect(await passwords(PASSWORD_COST).verify(await cheap.hash('secret-pass'), 'secret-pass')).toBe(true);
  });
});
