import { OTP_MAX_ATTEMPTS, SIGN_IN_CODE_VALID_MINUTES, SIGN_IN_MESSAGES } from '@makazi/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, parseTrustProxy } from '../config';
import { mailOutbox, rateLimits, users } from '../db/schema';
import { lastCodeSentTo, signUp } from '../test/accounts';
import { createTestApp } from '../test/app';
import { englishIn, lastMailTo } from '../test/mail';
import { manualClock } from '../clock';
import { createRateLimiter } from './rate-limiter';

const clock = manualClock(new Date('2026-11-02T08:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS }, { clock });
});
afterAll(() => app.close());

const loginWithCode = (Email: string, Password: string, Code: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/userauth/login', remoteAddress, payload: { Email, Password, Code } });
const mailsTo = async (email: string) =>
  (await app.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.recipient, email.toLowerCase())))[0]!.n;

const login = (Email: string, Password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/userauth/login', remoteAddress, headers, payload: { Email, Password } });

describe('rate limits per address', () => {
  it('limits code requests from one address, counting every email, and not other addresses', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.codesPerIp;
    const ask = (i: number, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/client/getOtp', remoteAddress, payload: { Email: `ip${i}@example.com`, FullName: 'I P' } });
    for (let i = 0; i < limit; i++) expect((await ask(i, '10.1.1.1')).statusCode).toBe(200);
    const blocked = await ask(limit, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Try again in \d+ (minutes|minute|seconds)\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(limit + 1, '10.2.2.2')).statusCode).toBe(200);
  });

  it('limits failed sign-ins from one address, and a forged X-Forwarded-For does not step around it', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.loginPerIp;
    for (let i = 0; i < limit; i++) {
      const res = await login(`nobody${i}@example.com`, 'whatever', '10.3.3.3', { 'x-forwarded-for': `203.0.113.${i % 250}` });
      expect(res.statusCode).toBe(401);
    }
    const forged = await login('nobody-x@example.com', 'whatever', '10.3.3.3', { 'x-forwarded-for': '198.51.100.7' });
    expect(forged.statusCode).toBe(429);
  });

  it('counts IPv6 addresses by their /64: 70 addresses of one subscriber are one address', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.loginPerIp;
    for (let i = 0; i < limit; i++) {
      expect((await login(`v6-${i}@example.com`, 'whatever', `2001:db8:77:1::${(i + 1).toString(16)}`)).statusCode).toBe(401);
    }
    expect((await login('v6-next@example.com', 'whatever', '2001:db8:77:1:ffff::70')).statusCode).toBe(429);
    expect((await login('v6-other@example.com', 'whatever', '2001:db8:77:2::1')).statusCode).toBe(401);
  });

  it('limits email availability checks from one address', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.emailChecksPerIp;
    const check = (i: number) =>
      app.inject({ method: 'POST', url: '/api/client/checkEmailNotTaken', remoteAddress: '10.4.4.4', payload: { email: `free${i}@example.com` } });
    for (let i = 0; i < limit; i++) expect((await check(i)).statusCode).toBe(200);
    expect((await check(limit)).statusCode).toBe(429);
  });
});

describe('sign-in limits protect the owner instead of locking them out', () => {
  it('successful sign-ins do not count', async () => {
    const { person } = await signUp(app);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerEmail.limit + 5; i++) {
      const res = await login(person.Email, person.password, '10.5.5.5');
      expect([200, 401]).toContain(res.statusCode);
      // The second sign-in meets the first session; ending it is the path the page offers, not a failure.
      if (res.statusCode === 401) expect(res.json().multipleLogIn).toBe(true);
    }
  });

  it("a stranger failing on someone's email locks that address, not the owner elsewhere", async () => {
    const { person } = await signUp(app);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerEmail.limit; i++) {
      expect((await login(person.Email, 'wrong-password', '10.6.6.6')).statusCode).toBe(401);
    }
    expect((await login(person.Email, person.password, '10.6.6.6')).statusCode).toBe(429);
    expect((await login(person.Email, person.password, '10.7.7.7')).statusCode).toBe(200);
  });

  it('guessing stays bounded per account across all addresses, and the owner still signs in with a mailed code', async () => {
    const { person } = await signUp(app);
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccount;
    // Strangers spend the account's bound from many addresses (the 100 passwords from 10 addresses).
    for (let i = 0; i < limit; i++) {
      expect((await login(person.Email, `guess-${i}`, `10.8.${Math.floor(i / 10)}.${i % 10}`)).statusCode).toBe(401);
    }
    const mailsBefore = await mailsTo(person.Email);
    // Beyond the bound a wrong password and the right one get the same answer: a code is needed.
    const stranger = await login(person.Email, 'guess-more', '10.9.9.8');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toEqual({ message: SIGN_IN_MESSAGES.codeSent, codeRequired: true });
    expect(await mailsTo(person.Email)).toBe(mailsBefore);

    const owner = await login(person.Email, person.password, '10.9.9.9');
    expect(owner.statusCode).toBe(401);
    expect(owner.json()).toEqual(stranger.json());
    expect(await mailsTo(person.Email)).toBe(mailsBefore + 1);
    const code = await lastCodeSentTo(app, person.Email);
    expect(await lastMailTo(app, person.Email)).toEqual({
      subject: 'Your Makazi log in code',
      body:
        `Your Makazi log in code is ${code}. It is valid for ${SIGN_IN_CODE_VALID_MINUTES} minutes.\n\n` +
        'Many wrong passwords were tried on your account, so logging in now also needs this code. ' +
        'If you did not just try to log in, someone else knows your password: change it as soon as you are in.',
    });

    // A stranger without the password can neither use the code nor spend its tries.
    for (let i = 0; i < 10; i++) {
      const guess = await loginWithCode(person.Email, `guess-code-${i}`, code, `10.9.8.${i}`);
      expect(guess.statusCode).toBe(401);
      expect(guess.json()).toEqual({ message: SIGN_IN_MESSAGES.codeWrong, codeRequired: true });
    }
    const wrongCode = await loginWithCode(person.Email, person.password, code === '000000' ? '111111' : '000000', '10.9.9.9');
    expect(wrongCode.json()).toEqual({ message: SIGN_IN_MESSAGES.codeWrong, codeRequired: true });
    const signedIn = await loginWithCode(person.Email, person.password, code, '10.9.9.9');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().accessToken).toEqual(expect.any(String));
    // A code works once.
    await app.inject({ method: 'POST', url: '/api/userauth/logout', headers: { authorization: `Bearer ${signedIn.json().accessToken}` } });
    expect((await loginWithCode(person.Email, person.password, code, '10.9.9.9')).json().message).toBe(SIGN_IN_MESSAGES.codeWrong);

    // Once the window is over, the password alone is enough again.
    clock.advance(DEFAULT_RATE_LIMITS.loginPerAccount.windowSeconds * 1000 + 1);
    expect((await login(person.Email, person.password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('mails the sign-in code in the language the user chose, whatever the browser asks', async () => {
    const { person, userNo } = await signUp(app);
    await app.database.db.update(users).set({ language: 'sw' }).where(eq(users.userNo, userNo));
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccount;
    for (let i = 0; i < limit; i++) await login(person.Email, `guess-${i}`, `10.10.${Math.floor(i / 10)}.${i % 10}`);
    const owner = await login(person.Email, person.password, '10.10.9.9', { 'accept-language': 'en' });
    expect(owner.json().codeRequired).toBe(true);
    const mail = await lastMailTo(app, person.Email);
    expect(mail.subject).toBe('Nambari yako ya kuingia Makazi');
    expect(mail.body).toContain(`Nambari yako ya kuingia Makazi ni ${await lastCodeSentTo(app, person.Email)}. Itatumika kwa dakika`);
    expect(englishIn(mail)).toEqual([]);
  });

  it('a code mailed for signing in is spent after a few wrong tries', async () => {
    const { person } = await signUp(app);
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccount;
    for (let i = 0; i < limit; i++) await login(person.Email, `nope-${i}`, `10.13.${Math.floor(i / 10)}.${i % 10}`);
    expect((await login(person.Email, person.password, '10.14.0.1')).json().codeRequired).toBe(true);
    const code = await lastCodeSentTo(app, person.Email);
    const other = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) await loginWithCode(person.Email, person.password, other, '10.14.0.1');
    expect((await loginWithCode(person.Email, person.password, code, '10.14.0.1')).json().message).toBe(SIGN_IN_MESSAGES.codeWrong);
  });

  it('a burst of parallel guesses cannot slip past the count', async () => {
    const { person } = await signUp(app);
    const { limit } = DEFAULT_RATE_LIMITS.loginPerEmail;
    const answers = await Promise.all(
      Array.from({ length: limit * 3 }, (_, i) => login(person.Email, `burst-${i}`, '10.10.10.10')),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(limit);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(limit * 2);
  });
});

describe('old counters', () => {
  it('are pruned once their windows are long over', async () => {
    await login('prune-me@example.com', 'x', '10.11.11.11');
    const rows = async () => (await app.database.db.select({ n: count() }).from(rateLimits))[0]!.n;
    const before = await rows();
    clock.advance(25 * 60 * 60 * 1000);
    await login('fresh@example.com', 'x', '10.12.12.12');
    expect(await createRateLimiter(app.database.db, clock).prune()).toBeGreaterThan(0);
    expect(await rows()).toBeLessThan(before);
    expect(await rows()).toBeGreaterThan(0);
  });
});

describe('TRUST_PROXY', () => {
  it('believes no forwarded address unless told how many proxies, or which, stand in front', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(parseTrustProxy('true')).toBeInstanceOf(Error);
    expect(parseTrustProxy('proxy.example.com')).toBeInstanceOf(Error);
  });

  it('with one proxy in front, each client behind it is counted apart', async () => {
    const behind = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS, trustProxy: 1 });
    try {
      const { limit } = DEFAULT_RATE_LIMITS.loginPerIp;
      const attempt = (client: string, i: number) =>
        behind.inject({ method: 'POST', url: '/api/userauth/login', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client }, payload: { Email: `p${i}@example.com`, Password: 'x' } });
      for (let i = 0; i < limit; i++) expect((await attempt('198.51.100.1', i)).statusCode).toBe(401);
      expect((await attempt('198.51.100.1', limit)).statusCode).toBe(429);
      expect((await attempt('198.51.100.2', limit + 1)).statusCode).toBe(401);
    } finally {
      await behind.close();
    }
  });
});
