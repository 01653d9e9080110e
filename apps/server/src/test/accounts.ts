import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema';

let counter = 0;

export function newPerson(overrides: Partial<Person> = {}): Person {
  counter += 1;
  return {
    First_name: 'Wanjiku',
    Last_name: `Kamau${counter}`,
    Email: `wanjiku.${counter}.${Math.random().toString(36).slice(2, 8)}@example.co.ke`,
    PhoneNo: '0712345678',
    password: 'secret-pass',
    ...overrides,
  };
}

export interface Person {
  First_name: string;
  Last_name: string;
  Email: string;
  PhoneNo: string;
  password: string;
}

/** The code in the newest message to `email`, read from the outbox as a user reads their mail. */
export async function lastCodeSentTo(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

export async function verifiedEmailToken(app: FastifyInstance, person: Person): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/client/getOtp',
    payload: { Email: person.Email, FullName: `${person.First_name} ${person.Last_name}` },
  });
  if (sent.statusCode !== 200) throw new Error(`getOtp: ${sent.statusCode} ${sent.body}`);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/client/verifyOtp',
    payload: { Email: person.Email, otp: await lastCodeSentTo(app, person.Email) },
  });
  if (verified.statusCode !== 200) throw new Error(`verifyOtp: ${verified.statusCode} ${verified.body}`);
  return verified.json().verificationToken;
}

export async function signUp(app: FastifyInstance, person: Person = newPerson()) {
  const verificationToken = await verifiedEmailToken(app, person);
  const res = await app.inject({
    method: 'POST',
    url: '/api/userauth/signup',
    payload: { ...person, confirmPassword: person.password, verificationToken },
  });
  if (res.statusCode !== 201) throw new Error(`signup: ${res.statusCode} ${res.body}`);
  return { person, ...(res.json() as { userNo: number; clientNo: number }) };
}

export function refreshCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'makazi_refresh')?.value;
}

/** Signs up and logs in: the access token and refresh cookie of a fresh user. */
export async function signedInUser(app: FastifyInstance, person: Person = newPerson()) {
  const account = await signUp(app, person);
  const res = await app.inject({
    method: 'POST',
    url: '/api/userauth/login',
    payload: { Email: person.Email, Password: person.password },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return {
    ...account,
    accessToken: body.accessToken as string,
    sessionId: body.sessionId as string,
    refreshCookie: refreshCookieOf(res)!,
    auth: { authorization: `Bearer ${body.accessToken}` },
  };
}

/**
 * Signs the same person in again, ending their previous session if it is
 * still open — what a user does after days away, when their tokens expired.
 */
export async function signInAgain<T extends { person: Person; auth: { authorization: string } }>(app: FastifyInstance, who: T): Promise<T> {
  const login = () =>
    app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email: who.person.Email, Password: who.person.password } });
  let res = await login();
  if (res.statusCode === 401 && res.json().multipleLogIn) {
    await app.inject({ method: 'PATCH', url: '/api/userauth/endPreviousSession', payload: { SessionId: res.json().SessionId } });
    res = await login();
  }
  if (res.statusCode !== 200) throw new Error(`login again: ${res.statusCode} ${res.body}`);
  return { ...who, auth: { authorization: `Bearer ${res.json().accessToken}` } };
}
