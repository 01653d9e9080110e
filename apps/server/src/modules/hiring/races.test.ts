import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyUserContracts } from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner } from '../../test/estate';
import { hiringCalls, offerIdFor } from '../../test/hiring';

/** Simultaneous answers to offers: real parallel transactions on PostgreSQL, queued ones on PGlite. */
let app: FastifyInstance;
let call: ReturnType<typeof hiringCalls>;
beforeAll(async () => {
  app = await createTestApp();
  call = hiringCalls(app);
});
afterAll(() => app.close());

describe('at the same moment', () => {
  it('two accepts of two offers by one user make one contract', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await agencyWithOwner(app), await agencyWithOwner(app)];
      const user = await signedInUser(app);
      await call.send(a.auth, a.agentId, user.userNo);
      await call.send(b.auth, b.agentId, user.userNo);
      const [offerA, offerB] = [await offerIdFor(app, user.auth, user.userNo, a.agentId), await offerIdFor(app, user.auth, user.userNo, b.agentId)];
      const results = await Promise.all([
        call.accept(user.auth, offerA, user.userNo, a.agentId),
        call.accept(user.auth, offerB, user.userNo, b.agentId),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [row] = await app.database.db
        .select({ n: count() })
        .from(agencyUserContracts)
        .where(and(eq(agencyUserContracts.userNo, user.userNo), eq(agencyUserContracts.status, 'accepted')));
      expect(row!.n).toBe(1);
    }
  });

  it('an accept and a revoke of one offer leave one consistent outcome', async () => {
    for (let round = 0; round < 4; round++) {
      const admin = await agencyWithOwner(app);
      const user = await signedInUser(app);
      await call.send(admin.auth, admin.agentId, user.userNo);
      const offerId = await offerIdFor(app, user.auth, user.userNo, admin.agentId);
      const [accepted, revoked] = await Promise.all([
        call.accept(user.auth, offerId, user.userNo, admin.agentId),
        call.revoke(admin.auth, offerId, admin.agentId, user.userNo),
      ]);
      expect([accepted.statusCode, revoked.statusCode].sort()).toEqual([200, 404]);
      const [row] = await app.database.db.select().from(agencyUserContracts).where(eq(agencyUserContracts.offerId, offerId));
      expect(row!.status).toBe(accepted.statusCode === 200 ? 'accepted' : 'revoked');
      const agencyRead = await app.inject({ method: 'GET', url: `/api/agent/getagentbyagentid?agentId=${admin.agentId}`, headers: user.auth });
      expect(agencyRead.statusCode).toBe(accepted.statusCode === 200 ? 200 : 404);
    }
  });
});
