import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_MESSAGES } from '@makazi/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../config';
import { mailOutbox } from '../db/schema';
import { signUp } from '../test/accounts';
import { createTestApp } from '../test/app';

interface Delivered {
  to: string[];
  subject: string;
  text: string;
}

/** Small, so a test reaches it quickly; the real bound is larger (config.ts). */
const ACCOUNT_BOUND = 3;

describe('mail over SMTP', () => {
  const delivered: Delivered[] = [];
  let smtp: SMTPServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          // Undo quoted-printable soft line breaks; the messages are plain ASCII text.
          const raw = Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '');
          const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
          delivered.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: head.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '',
            text: body.join('\n\n'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    app = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: { limit: 1000, windowSeconds: 60 }, loginPerAccount: { limit: ACCOUNT_BOUND, windowSeconds: 3600 } },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the one-time code to a real SMTP server, and the delivered code verifies', async () => {
    const email = 'smtp.reader@example.com';
    const res = await app.inject({ method: 'POST', url: '/api/client/getOtp', payload: { Email: email, FullName: 'Smtp Reader' } });
    expect(res.statusCode).toBe(200);

    const message = delivered.find((m) => m.to.includes(email));
    expect(message?.subject).toBe('Your Makazi verification code');
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await app.database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ transport: 'smtp', recipient: email, error: null });
    expect(row?.sentAt).toBeInstanceOf(Date);

    const verified = await app.inject({ method: 'POST', url: '/api/client/verifyOtp', payload: { Email: email, otp: code } });
    expect(verified.statusCode).toBe(200);
  });

  it('delivers the log in code once wrong passwords reach the account bound, and the delivered code signs in', async () => {
    const { person } = await signUp(app);
    const login = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email: person.Email, ...payload } });
    for (let i = 0; i < ACCOUNT_BOUND; i++) expect((await login({ Password: `wrong-${i}` })).statusCode).toBe(401);
    const asked = await login({ Password: person.password });
    expect(asked.json()).toEqual({ message: SIGN_IN_MESSAGES.codeSent, codeRequired: true });

    const message = delivered.findLast((m) => m.to.includes(person.Email.toLowerCase()));
    expect(message?.subject).toBe('Your Makazi log in code');
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await login({ Password: person.password, Code: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe('mail when the SMTP server cannot be reached', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9/?connectionTimeout=2000' });
  });
  afterAll(() => app.close());

  it("answers the code-fetch failure message and records the error in the outbox", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/client/getOtp', payload: { Email: 'down@example.com', FullName: 'D Own' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Error fetching OTP. Check your internet connection or try again later.');
    const [row] = await app.database.db.select().from(mailOutbox);
    expect(row?.error).toBeTruthy();
    expect(row?.sentAt).toBeNull();
  });
});
