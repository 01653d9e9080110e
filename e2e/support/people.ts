import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { readOtp } from './outbox';

export interface Person {
  first: string;
  last: string;
  email: string;
  phone: string;
  password: string;
}

let seq = 0;
/** A person with an email no earlier run used. */
export function newPerson(first = 'Amani', last = 'Wekesa'): Person {
  seq += 1;
  return { first, last, email: `e2e-${Date.now()}-${seq}@example.com`, phone: '0712345678', password: 'makazi-e2e-1' };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of our own API, read by name below
async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>, what: string): Promise<any> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Signs a person up through the API (code read from the server log), as the wizard does. */
export async function signUpViaApi(request: APIRequestContext, p: Person) {
  await ok(await request.post('/api/client/getOtp', { data: { Email: p.email, FullName: `${p.first} ${p.last}` } }), 'getOtp');
  const { verificationToken } = await ok(
    await request.post('/api/client/verifyOtp', { data: { Email: p.email, otp: await readOtp(p.email) } }),
    'verifyOtp',
  );
  return ok(
    await request.post('/api/userauth/signup', {
      data: { First_name: p.first, Last_name: p.last, Email: p.email, PhoneNo: p.phone, password: p.password, confirmPassword: p.password, verificationToken },
    }),
    'signup',
  );
}

/**
 * Runs `fn` in an API session of the person, then logs that session out so
 * the browser can sign in next (one active session per user).
 */
export async function withApiSession<T>(request: APIRequestContext, p: Person, fn: (headers: Record<string, string>, user: { userNo: number; clientNo: number }) => Promise<T>) {
  const auth = await ok(await request.post('/api/userauth/login', { data: { Email: p.email, Password: p.password } }), 'login');
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  try {
    return await fn(headers, auth);
  } finally {
    await request.post('/api/userauth/logout', { headers, data: {} });
  }
}

/** A signed-up person who owns an agency (Self 0) or landlord (Self 1) account; answers its AgentId. */
export async function personWithAccount(request: APIRequestContext, p: Person, account: { Self: 0 | 1; AgentName: string }) {
  await signUpViaApi(request, p);
  return withApiSession(request, p, async (headers) => {
    const created = await ok(
      await request.post('/api/agent/createagent', {
        headers,
        data: { ...account, Kra_pin: 'P051234567X', Address: 'Moi Avenue 12', HasOwnProperty: account.Self === 1 },
      }),
      'createagent',
    );
    return created.AgentId as number;
  });
}

/**
 * Signs in through the /signin form and waits for the welcome page. `baseURL`
 * names the server when it is not the configured one (the office name over http).
 */
export async function signInViaUi(page: Page, p: Person, { baseURL }: { baseURL?: string } = {}) {
  await page.goto(baseURL ? new URL('/signin', baseURL).href : '/signin');
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Registers `client` as a client of the owner's agent (its own file on them); answers the client number. */
export async function registerClientViaApi(request: APIRequestContext, owner: Person, agentId: number, client: Omit<Person, 'password'>) {
  return withApiSession(request, owner, async (headers) => {
    const registered = await ok(
      await request.post('/api/client/register', {
        headers,
        data: { First_name: client.first, Last_name: client.last, Email: client.email, PhoneNo: client.phone, CapturingAgentId: agentId },
      }),
      'client/register',
    );
    return registered.clientNo as number;
  });
}
