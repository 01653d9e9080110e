import { HIRING_MESSAGES } from '@makazi/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { mailOutbox } from '../../db/schema';
import { newPerson, signedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner } from '../../test/estate';
import { hiringCalls } from '../../test/hiring';

/** The user directory with the limits as deployed: closed to harvesting and to probing through offers. */
describe('the user directory, closed', () => {
  let app: FastifyInstance;
  let call: ReturnType<typeof hiringCalls>;
  const limits = {
    ...DEFAULT_RATE_LIMITS,
    loginPerIp: { limit: 100_000, windowSeconds: 60 },
    signUpPerIp: { limit: 100_000, windowSeconds: 60 },
    codesPerIp: { limit: 100_000, windowSeconds: 60 },
    emailChecksPerIp: { limit: 100_000, windowSeconds: 60 },
  };

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: limits });
    call = hiringCalls(app);
  });
  afterAll(() => app.close());

  const sendByEmail = (auth: { authorization: string }, AgentNo: number, Email: string) =>
    app.inject({ method: 'POST', url: '/api/usermanagement/sendhireoffertouser', headers: auth, payload: { AgentNo, Email } });
  const lastMailTo = async (to: string) =>
    (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];

  it('a free agency cannot harvest the directory: look-ups stop at the per-account bound', async () => {
    const harvester = await agencyWithOwner(app);
    const codes: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.directoryPerAccount.limit; i++) {
      codes.push((await call.getUser(harvester.auth, harvester.agentId, `Email=${encodeURIComponent(`probe${i}@example.com`)}`)).statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(DEFAULT_RATE_LIMITS.directoryPerAccount.limit);
    expect(codes.at(-1)).toBe(429);
  });

  it('an offer answers the same whether or not the person has an account, and invites a stranger to sign up', async () => {
    const admin = await agencyWithOwner(app);
    const member = newPerson();
    await signedInUser(app, member);
    const toMember = await sendByEmail(admin.auth, admin.agentId, member.Email);
    const toStranger = await sendByEmail(admin.auth, admin.agentId, 'not.yet.a.user@example.com');
    expect([toMember.statusCode, toStranger.statusCode]).toEqual([200, 200]);
    expect(toStranger.json()).toEqual(toMember.json());
    expect(toStranger.json().message).toBe(HIRING_MESSAGES.offerSent);
    expect((await lastMailTo(member.Email.toLowerCase()))?.subject).toMatch(/Hire offer from/);
    const invite = await lastMailTo('not.yet.a.user@example.com');
    expect(invite?.subject).toMatch(/Invitation to work with/);
    expect(invite?.body).toMatch(/\/signup/);
  });

  it('offer mail is limited per recipient, whoever sends it', async () => {
    const target = 'much.wanted@example.com';
    const codes: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.offersPerRecipient.limit; i++) {
      const sender = await agencyWithOwner(app);
      codes.push((await sendByEmail(sender.auth, sender.agentId, target)).statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const mails = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, target));
    expect(mails).toHaveLength(DEFAULT_RATE_LIMITS.offersPerRecipient.limit);
  });

  it('offer mail is limited per sending agency', async () => {
    const admin = await agencyWithOwner(app);
    const codes: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.offersPerAgency.limit; i++) {
      codes.push((await sendByEmail(admin.auth, admin.agentId, `spread${i}@example.com`)).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.filter((c) => c === 200)).toHaveLength(DEFAULT_RATE_LIMITS.offersPerAgency.limit);
  });
});
