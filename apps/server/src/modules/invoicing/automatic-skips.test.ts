import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { agencyWithOwner } from '../../test/estate';
import { lockAgentRuns } from './repository';

const clock = manualClock(new Date('2027-05-20T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

describe.runIf(process.env.TEST_DATABASE_URL)('the automatic run on PostgreSQL (decision 051)', () => {
  it("skips an agency whose runs another process holds, instead of waiting for it, and runs it at the next look", async () => {
    const agency = await agencyWithOwner(app);
    const on = await app.inject({
      method: 'POST',
      url: '/api/tenancy/automaticinvoicing',
      headers: agency.auth as Record<string, string>,
      payload: { managingAgentId: agency.agentId, automatic: true },
    });
    expect(on.statusCode).toBe(200);
    clock.set(new Date('2027-06-30T21:05:00Z'));
    let release: () => void = () => undefined;
    let held: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const other = app.database.db.transaction(async (tx) => {
      await lockAgentRuns(tx, agency.agentId);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    const log = { info: vi.fn(), error: vi.fn() };
    try {
      expect(await app.services.invoicing.runAutomatic(log)).not.toContain(agency.agentId);
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      release();
      await other;
    }
    expect(await app.services.invoicing.runAutomatic(log)).toContain(agency.agentId);
  });
});
