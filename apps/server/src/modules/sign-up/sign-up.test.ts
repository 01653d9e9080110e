import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { clients, emailCodes, mailOutbox, users } from '../../db/schema';
import { createTestApp, TEST_PASSWORD_COST } from '../../test/app';
import { lastCodeSentTo, newPerson, signUp, verifiedEmailToken } from '../../test/accounts';
import { englishIn, lastMailTo } from '../../test/mail';

const clock = manualClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const getOtp = (Email: string) => post('/api/client/getOtp', { Email, FullName: 'Test Person' });
const verify = (Email: string, otp: string) => post('/api/client/verifyOtp', { Email, otp });
const countOf = async (table: typeof users | typeof clients) =>
  (await app.database.db.select({ n: count() }).from(table))[0]!.n;

describe('POST /api/client/checkEmailNotTaken', () => {
  it('answers 200 for a free email and 409 with the product message for a taken one', async () => {
    const { person } = await signUp(app);
    expect((await post('/api/client/checkEmailNotTaken', { email: 'free.one@example.com' })).statusCode).toBe(200);
    const taken = await post('/api/client/checkEmailNotTaken', { email: person.Email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Email already taken. Please try another one.');
  });

  it('refuses a malformed email with the product message', async () => {
    const res = await post('/api/client/checkEmailNotTaken', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid Email', errors: [{ path: 'email', message: 'Invalid Email' }] });
  });
});

describe('POST /api/client/getOtp and verifyOtp', () => {
  it('mails a six-digit code and answers only its validity', async () => {
    const email = 'code.reader@example.com';
    const res = await getOtp(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent', validMinutes: 3, resendAfterSeconds: 92 });
    const code = await lastCodeSentTo(app, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(code);
    const stored = await app.database.db.select().from(emailCodes);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('writes the code mail in the language the person signs up in: Kiswahili without an English sentence, English as before', async () => {
    const kiswahili = 'msajili.kiswahili@example.com';
    const asked = await app.inject({
      method: 'POST',
      url: '/api/client/getOtp',
      headers: { 'accept-language': 'sw-KE' },
      payload: { Email: kiswahili, FullName: 'Amina Wanjiru' },
    });
    expect(asked.statusCode).toBe(200);
    const code = await lastCodeSentTo(app, kiswahili);
    const swMail = await lastMailTo(app, kiswahili);
    expect(swMail).toEqual({
      subject: 'Nambari yako ya uthibitisho ya Makazi',
      body: `Habari Amina Wanjiru,\n\nNambari yako ya uthibitisho ya Makazi ni ${code}. Itatumika kwa dakika 3.\n\nIkiwa hukuiomba, puuza barua pepe hii.`,
    });
    expect(englishIn(swMail)).toEqual([]);

    const english = 'english.reader@example.com';
    await app.inject({
      method: 'POST',
      url: '/api/client/getOtp',
      headers: { 'accept-language': 'en-KE,en;q=0.9' },
      payload: { Email: english, FullName: 'Otieno Ochieng' },
    });
    expect(await lastMailTo(app, english)).toEqual({
      subject: 'Your Makazi verification code',
      body: `Hello Otieno Ochieng,\n\nYour Makazi verification code is ${await lastCodeSentTo(app, english)}. It is valid for 3 minutes.\n\nIf you did not ask for it, ignore this email.`,
    });
  });

  it('verifies the right code once and hands back a verification token', async () => {
    const email = 'right.code@example.com';
    await getOtp(email);
    const code = await lastCodeSentTo(app, email);
    const ok = await verify(email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ verified: true, verificationToken: expect.any(String) });
    const again = await verify(email, code);
    expect(again.statusCode).toBe(400);
  });

  it("answers 'incorrect OTP' to a wrong code, and kills the code after five wrong tries", async () => {
    const email = 'wrong.code@example.com';
    await getOtp(email);
    const code = await lastCodeSentTo(app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('incorrect OTP');
    }
    const dead = await verify(email, code);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().message).toBe('Too many wrong codes. Ask for a new one.');
  });

  it('refuses a code after its validity', async () => {
    const email = 'late.code@example.com';
    await getOtp(email);
    const code = await lastCodeSentTo(app, email);
    clock.advance(3 * 60_000 + 1);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Ask for a new one.');
  });

  it('answers 429 to a resend inside the wait, and only the newest code counts', async () => {
    const email = 'resend@example.com';
    await getOtp(email);
    const first = await lastCodeSentTo(app, email);
    const tooSoon = await getOtp(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('Wait before asking for another code.');
    clock.advance(92_000);
    expect((await getOtp(email)).statusCode).toBe(200);
    const second = await lastCodeSentTo(app, email);
    if (first !== second) expect((await verify(email, first)).statusCode).toBe(400);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('refuses a code for an email that already has an account', async () => {
    const { person } = await signUp(app);
    clock.advance(100_000);
    const res = await getOtp(person.Email);
    expect(res.statusCode).toBe(409);
  });

  it.each([
    [{ FullName: 'A B' }, 'Enter your Email'],
    [{ Email: 'x@y', FullName: 'A B' }, 'Invalid Email'],
    [{ Email: 'a@b.com' }, 'Name is required'],
  ])('refuses bad input %j with %s', async (payload, message) => {
    const res = await post('/api/client/getOtp', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a code that is not six characters with 'incorrect OTP'", async () => {
    const res = await verify('a@b.com', '123');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('incorrect OTP');
  });
});

describe('the verification mail', () => {
  const newestMailTo = async (email: string) =>
    (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.id)).limit(1))[0]!;

  it('greets a plain name by name', async () => {
    const email = 'plain.name@example.com';
    expect((await post('/api/client/getOtp', { Email: email, FullName: "Wanjiku O'Brien-Kamau" })).statusCode).toBe(200);
    expect((await newestMailTo(email)).body).toMatch(/^Hello Wanjiku O'Brien-Kamau,/);
  });

  it('never carries a link typed as a name', async () => {
    const email = 'link.name@example.com';
    expect((await post('/api/client/getOtp', { Email: email, FullName: 'Win a prize at https://evil.example/x' })).statusCode).toBe(200);
    const mail = await newestMailTo(email);
    expect(mail.body).not.toContain('evil.example');
    expect(mail.body).toMatch(/^Hello,/);
  });

  it('refuses line breaks and control characters in the name, sending nothing', async () => {
    for (const FullName of ['Amani\nBcc: victim@example.com', 'Amani\u0000Wekesa']) {
      const res = await post('/api/client/getOtp', { Email: 'broken.name@example.com', FullName });
      expect(res.statusCode).toBe(400);
    }
    expect((await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'broken.name@example.com'))).length).toBe(0);
  });
});

describe('POST /api/userauth/signup', () => {
  it('creates the client and the user, answering their numbers', async () => {
    const { userNo, clientNo } = await signUp(app);
    expect(userNo).toBeGreaterThan(0);
    expect(clientNo).toBeGreaterThan(1000);
  });

  it('refuses without a verification token for that same email, writing nothing', async () => {
    const person = newPerson();
    const other = newPerson();
    const tokenForOther = await verifiedEmailToken(app, other);
    const before = [await countOf(users), await countOf(clients)];
    for (const verificationToken of [tokenForOther, 'forged.token.value']) {
      const res = await post('/api/userauth/signup', { ...person, confirmPassword: person.password, verificationToken });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Verify your email');
    }
    expect([await countOf(users), await countOf(clients)]).toEqual(before);
  });

  it('refuses a taken email with 409 and the spec message', async () => {
    const { person } = await signUp(app);
    clock.advance(100_000);
    // A token for the email obtained before the account existed, replayed.
    const twin = newPerson({ Email: `twin.${person.Email}` });
    const token = await verifiedEmailToken(app, twin);
    await post('/api/userauth/signup', { ...twin, confirmPassword: twin.password, verificationToken: token });
    const res = await post('/api/userauth/signup', { ...twin, confirmPassword: twin.password, verificationToken: token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email already taken. Please try another one.');
  });

  it.each([
    ['First_name', { First_name: '' }, 'Name is required'],
    ['PhoneNo', { PhoneNo: '' }, 'Phone number is required'],
    ['PhoneNo', { PhoneNo: '07123' }, 'Please enter valid phone number'],
    ['password', { password: 'abc', confirmPassword: 'abc' }, 'password too short'],
    ['confirmPassword', { confirmPassword: 'different' }, 'Passwords do not match'],
    ['Email', { Email: '' }, 'Enter your Email'],
  ])('refuses a bad %s, writing nothing', async (_field, change, message) => {
    const person = newPerson();
    const before = await countOf(users);
    const res = await post('/api/userauth/signup', {
      ...person,
      confirmPassword: person.password,
      verificationToken: 'x',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(await countOf(users)).toBe(before);
  });

  it('stores an argon2id hash at the configured cost, never the password, and no answer carries it', async () => {
    const person = newPerson({ password: 'plain-text-pw' });
    await signUp(app, person);
    const rows = await app.database.db.select().from(users);
    const mine = rows.find((u) => u.email === person.Email.toLowerCase())!;
    // createTestApp's cost, so the app hashes with config.passwordCost (the deployed one is in passwords.test.ts).
    const { memoryCost: m, timeCost: t, parallelism: p } = TEST_PASSWORD_COST;
    expect(mine.passwordHash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${m},t=${t},p=${p}\\$`));
    expect(JSON.stringify(rows)).not.toContain('plain-text-pw');
  });
});
