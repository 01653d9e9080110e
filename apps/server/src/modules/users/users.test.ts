import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { createTestApp } from '../../test/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const edit = (auth: { authorization: string }, payload: object) =>
  app.inject({ method: 'PATCH', url: '/api/usermanagement/edituserbiodata', headers: auth, payload });
const info = (auth: { authorization: string }, userNo: number) =>
  app.inject({ method: 'GET', url: `/api/usermanagement/getusersgeneralinformation?userNo=${userNo}`, headers: auth });

describe('PATCH /api/usermanagement/edituserbiodata', () => {
  it('changes the caller’s own names and phone, never the email', async () => {
    const user = await signedInUser(app);
    const res = await edit(user.auth, { First_name: 'Akinyi', Last_name: 'Odhiambo', PhoneNo: '0722000111', Email: 'other@example.co.ke' });
    expect(res.statusCode).toBe(200);
    expect((await info(user.auth, user.userNo)).json()).toMatchObject({
      First_name: 'Akinyi',
      Last_name: 'Odhiambo',
      Full_name: 'Akinyi Odhiambo',
      PhoneNo: '0722000111',
      Email: user.person.Email.toLowerCase(),
    });
    const session = await app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: user.auth });
    expect(session.json().userName).toContain('Akinyi');
  });

  it.each([
    [{ First_name: '', Last_name: 'B', PhoneNo: '0722000111' }, 'Name is required'],
    [{ First_name: 'A', Last_name: '', PhoneNo: '0722000111' }, 'Name is required'],
    [{ First_name: 'A', Last_name: 'B', PhoneNo: '' }, 'Phone No is required'],
    [{ First_name: 'A', Last_name: 'B', PhoneNo: '07220001' }, 'Please enter valid phone number'],
  ])('refuses %j with %s', async (payload, message) => {
    const user = await signedInUser(app);
    const res = await edit(user.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('needs a signed-in caller', async () => {
    expect((await edit({ authorization: 'Bearer x' }, { First_name: 'A', Last_name: 'B', PhoneNo: '0722000111' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/usermanagement/setuserlanguage', () => {
  const setLanguage = (auth: { authorization: string }, payload: object, headers: object = {}) =>
    app.inject({ method: 'PATCH', url: '/api/usermanagement/setuserlanguage', headers: { ...auth, ...headers }, payload });
  const sessionOf = (auth: { authorization: string }) =>
    app.inject({ method: 'POST', url: '/api/userauth/authenticateuser', headers: auth });

  it('keeps the caller’s own choice on the server, so every device they sign in from shows it', async () => {
    const user = await signedInUser(app);
    expect((await sessionOf(user.auth)).json().language).toBeNull();
    const res = await setLanguage(user.auth, { Language: 'sw' });
    expect(res.statusCode).toBe(200);
    expect((await sessionOf(user.auth)).json().language).toBe('sw');
    expect((await setLanguage(user.auth, { Language: 'en' })).statusCode).toBe(200);
    expect((await sessionOf(user.auth)).json().language).toBe('en');
  });

  it('refuses a language Makazi does not speak and changes nothing', async () => {
    const user = await signedInUser(app);
    await setLanguage(user.auth, { Language: 'sw' });
    const res = await setLanguage(user.auth, { Language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect((await sessionOf(user.auth)).json().language).toBe('sw');
  });

  it('needs a signed-in caller', async () => {
    expect((await setLanguage({ authorization: 'Bearer x' }, { Language: 'sw' })).statusCode).toBe(401);
  });

  it('answers refusals in the language the caller asks for', async () => {
    const user = await signedInUser(app);
    const sw = await edit({ ...user.auth, 'accept-language': 'sw-KE, en;q=0.5' } as never, { First_name: '', Last_name: 'B', PhoneNo: '0722000111' });
    expect(sw.statusCode).toBe(400);
    expect(sw.json().message).toBe('Jina linahitajika');
    expect(sw.json().code).toBe((await edit(user.auth, { First_name: '', Last_name: 'B', PhoneNo: '0722000111' })).json().code);
  });
});
