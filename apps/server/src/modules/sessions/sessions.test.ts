import { tooManyAttemptsMessage } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { refreshTokens, sessions, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { newPerson, refreshCookieOf, signUp, signedInUser } from '../../test/accounts';

const clock = manualClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const login = (Email: string, Password: string) =>
  app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email, Password, logInTime: '21/11/2026, 12:00:00' } });
const refresh = (cookie: string | undefined) =>
  app.inject({
    method: 'GET',
    url: '/api/userauth/refreshAccessToken',
    cookies: cookie ? { makazi_refresh: cookie } : {},
  });
const whoAmI = (authorization: string) =>
  app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: { authorization } });

describe('POST /api/userauth/login', () => {
  it('answers the session and an access token, and sets an httpOnly SameSite=Strict refresh cookie', async () => {
    const { person, userNo, clientNo } = await signUp(app);
    const res = await login(`  ${person.Email.toUpperCase()}  `, person.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accessToken: expect.any(String),
      sessionId: expect.any(String),
      userNo,
      clientNo,
      userName: `${person.First_name} ${person.Last_name}`,
      email: person.Email.toLowerCase(),
      isProgrammer: false,
      language: null,
      adminAgentId: null,
      adminAccountSelf: null,
      adminLandlordAccNo: null,
      managingAgentId: null,
      managingAgentSelf: null,
      managingAgentLandlordNo: null,
      managingAgentUserRole: null,
      managingAgentUserLoginStatus: null,
      roles: {
        allAllowed: [5100, 5101, 5200, 5201],
        adminOnlyAllowed: [5100, 5200],
        programmerOnlyAllowed: [],
        segmentedPermisions: { allowedMakeCashPayments: [5100, 5101, 5200, 5201] },
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'makazi_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/userauth' });
    // The page reads this one to know a session may be restored; it carries no secret.
    const marker = res.cookies.find((c) => c.name === 'makazi_signed_in')!;
    expect(marker).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(marker.httpOnly).toBeFalsy();
  });

  it('gives one answer for an unknown email and a wrong password', async () => {
    const { person } = await signUp(app);
    const wrongPassword = await login(person.Email, 'not-the-password');
    const unknown = await login('nobody.here@example.com', 'whatever1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(unknown.json().message);
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it.each([
    [{ Password: 'x' }, 'Email not Provided'],
    [{ Email: '   ', Password: 'x' }, 'Email not Provided'],
    [{ Email: 'a@b.com', Password: '' }, 'Enter your Password'],
  ])('refuses %j with 400 %s', async (payload, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/userauth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('allows one active session: a second login gets multipleLogIn, and gets in after endPreviousSession', async () => {
    const first = await signedInUser(app);
    const second = await login(first.person.Email, first.person.password);
    expect(second.statusCode).toBe(401);
    const conflict = second.json();
    expect(conflict).toEqual({
      message: expect.any(String),
      multipleLogIn: true,
      previousSessionUserId: first.userNo,
      LoginTime: clock.now().toISOString(),
      SessionId: expect.any(String),
    });
    expect(conflict.SessionId).not.toBe(first.sessionId);

    const ended = await app.inject({
      method: 'PATCH',
      url: '/api/userauth/endPreviousSession',
      payload: { SessionId: conflict.SessionId, Date: '21/11/2026' },
    });
    expect(ended.statusCode).toBe(200);
    expect((await whoAmI(first.auth.authorization)).statusCode).toBe(401);
    expect((await refresh(first.refreshCookie)).statusCode).toBe(401);

    const third = await login(first.person.Email, first.person.password);
    expect(third.statusCode).toBe(200);
  });

  it('refuses to end a session without a valid ticket', async () => {
    const user = await signedInUser(app);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/userauth/endPreviousSession',
      payload: { SessionId: user.sessionId },
    });
    expect(res.statusCode).toBe(401);
    expect((await whoAmI(user.auth.authorization)).statusCode).toBe(200);
  });

  it('limits attempts per email with 429 and a clear message', async () => {
    const { person } = await signUp(app);
    const limit = DEFAULT_RATE_LIMITS.loginPerEmail.limit;
    for (let i = 0; i < limit; i++) expect((await login(person.Email, 'wrong-password')).statusCode).toBe(401);
    const blocked = await login(person.Email, person.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    clock.advance(DEFAULT_RATE_LIMITS.loginPerEmail.windowSeconds * 1000 + 1);
    expect((await login(person.Email, person.password)).statusCode).toBe(200);
  });
});

describe('the sign-in limiter counts failures only', () => {
  it('a refused login because of another session, Terminate Previous Sessions and Log in count nothing', async () => {
    const user = await signedInUser(app);
    const { limit } = DEFAULT_RATE_LIMITS.loginPerEmail;
    for (let i = 0; i < limit - 1; i++) expect((await login(user.person.Email, 'wrong-password')).statusCode).toBe(401);

    const conflict = await login(user.person.Email, user.person.password);
    expect(conflict.statusCode).toBe(401);
    expect(conflict.json().multipleLogIn).toBe(true);
    const ended = await app.inject({
      method: 'PATCH',
      url: '/api/userauth/endPreviousSession',
      payload: { SessionId: conflict.json().SessionId, Date: '21/11/2026' },
    });
    expect(ended.statusCode).toBe(200);
    expect((await login(user.person.Email, user.person.password)).statusCode).toBe(200);

    // One failure is left before the lock; the next is refused with how long to wait.
    expect((await login(user.person.Email, 'wrong-password')).statusCode).toBe(401);
    const blocked = await login(user.person.Email, 'wrong-password');
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginPerEmail.windowSeconds);
    expect(blocked.json().message).toBe(tooManyAttemptsMessage(wait));
    clock.advance(DEFAULT_RATE_LIMITS.loginPerEmail.windowSeconds * 1000 + 1);
  });
});

describe('access and refresh tokens', () => {
  it('an expired access token answers 403 TOKEN_EXPIRED; the refresh cookie brings a new one', async () => {
    const user = await signedInUser(app);
    clock.advance(16 * 60_000);
    const expired = await whoAmI(user.auth.authorization);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');

    const renewed = await refresh(user.refreshCookie);
    expect(renewed.statusCode).toBe(200);
    const next = refreshCookieOf(renewed);
    expect(next).toBeDefined();
    expect(next).not.toBe(user.refreshCookie);
    expect((await whoAmI(`Bearer ${renewed.json().accessToken}`)).statusCode).toBe(200);
  });

  it('a rotated token presented again ends the whole session', async () => {
    const user = await signedInUser(app);
    const rotated = await refresh(user.refreshCookie);
    const next = refreshCookieOf(rotated)!;
    clock.advance(60_000);
    const replay = await refresh(user.refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
    expect((await whoAmI(`Bearer ${rotated.json().accessToken}`)).statusCode).toBe(401);
  });

  it("forgives the same client's retry within a few seconds without rotating again", async () => {
    const user = await signedInUser(app);
    const rotated = await refresh(user.refreshCookie);
    const retry = await refresh(user.refreshCookie);
    expect(retry.statusCode).toBe(200);
    expect(refreshCookieOf(retry)).toBeUndefined();
    expect((await refresh(refreshCookieOf(rotated))).statusCode).toBe(200);
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('made-up')).statusCode).toBe(401);
  });

  it('refuses calls without a token or with a forged one', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/userauth/authenticateuser' })).statusCode).toBe(401);
    expect((await whoAmI('Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged')).statusCode).toBe(401);
  });
});

describe('POST /api/userauth/logout', () => {
  it('ends the session: its access token and refresh cookie stop working, and login is free again', async () => {
    const user = await signedInUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/userauth/logout',
      headers: user.auth,
      cookies: { makazi_refresh: user.refreshCookie },
      payload: { sessionId: user.sessionId, logoutTime: '21/11/2026, 13:00:00' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'makazi_refresh')?.value).toBe('');
    expect(res.cookies.find((c) => c.name === 'makazi_signed_in')?.value).toBe('');
    expect((await whoAmI(user.auth.authorization)).statusCode).toBe(401);
    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
    expect((await login(user.person.Email, user.person.password)).statusCode).toBe(200);
  });

  it('works with only the cookie (an expired access token) and when already logged out', async () => {
    const user = await signedInUser(app);
    clock.advance(20 * 60_000);
    const out = await app.inject({ method: 'POST', url: '/api/userauth/logout', cookies: { makazi_refresh: user.refreshCookie } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/userauth/logout' })).statusCode).toBe(200);
  });
});

describe('GET /api/usermanagement/getusersgeneralinformation', () => {
  it("answers the caller's own record and 404 for anyone else's", async () => {
    const me = await signedInUser(app, newPerson({ PhoneNo: '0798765432' }));
    const other = await signUp(app);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/usermanagement/getusersgeneralinformation?userNo=${me.userNo}`,
      headers: me.auth,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      UserNo: me.userNo,
      Full_name: `${me.person.First_name} ${me.person.Last_name}`,
      PhoneNo: '0798765432',
      AvailableForWork: 1,
    });
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/usermanagement/getusersgeneralinformation?userNo=${other.userNo}`,
      headers: me.auth,
    });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/api/usermanagement/getusersgeneralinformation?userNo=${me.userNo}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('secrets never leave the server', () => {
  it('no answer contains a password hash, a refresh token hash or a code', async () => {
    const user = await signedInUser(app);
    const answers = [
      await whoAmI(user.auth.authorization),
      await refresh(user.refreshCookie),
      await app.inject({ method: 'GET', url: `/api/usermanagement/getusersgeneralinformation?userNo=${user.userNo}`, headers: user.auth }),
    ].map((r) => r.body);
    const secrets = [
      ...(await app.database.db.select({ h: users.passwordHash }).from(users)).map((r) => r.h),
      ...(await app.database.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.h),
    ];
    for (const body of answers) for (const secret of secrets) expect(body).not.toContain(secret);
    const stored = await app.database.db.select().from(refreshTokens);
    expect(JSON.stringify(stored)).not.toContain(user.refreshCookie);
    expect((await app.database.db.select().from(sessions)).length).toBeGreaterThan(0);
  });
});
