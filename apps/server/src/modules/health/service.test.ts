import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { healthService, PROBE_FRESH_MS } from './service';

function fakeDatabase(answers: (() => Promise<number>)[]) {
  let probes = 0;
  const database = {
    kind: 'pglite',
    appliedMigrations: () => answers[probes++]!(),
  } as unknown as Database;
  return { database, probes: () => probes };
}

describe('the health probe', () => {
  it('shares one probe among checks within a second, and probes again after it', async () => {
    const { database, probes } = fakeDatabase([async () => 17, async () => 18]);
    let t = 0;
    const health = healthService({ database, now: () => t });
    expect(await Promise.all([health.migrations(), health.migrations()])).toEqual([17, 17]);
    t = PROBE_FRESH_MS - 1;
    expect(await health.migrations()).toBe(17);
    expect(probes()).toBe(1);
    t = PROBE_FRESH_MS;
    expect(await health.migrations()).toBe(18);
    expect(probes()).toBe(2);
  });

  it('never answers from a failed probe: the next check asks the database again', async () => {
    const { database, probes } = fakeDatabase([() => Promise.reject(new Error('down')), async () => 17]);
    const health = healthService({ database, now: () => 0 });
    await expect(health.migrations()).rejects.toThrow('down');
    expect(await health.migrations()).toBe(17);
    expect(probes()).toBe(2);
  });
});
