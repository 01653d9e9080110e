import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { TEST_PASSWORD_COST } from '../test/app';
import { openTestDatabase } from '../test/database';
import { mailLine, readableLine, readableLog } from './readable';

const at = new Date(2026, 10, 27, 9, 5, 7).getTime();

describe('the readable log', () => {
  it('writes one line per event: time, level and what happened', () => {
    expect(readableLine(JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'shutting down', signal: 'SIGINT' }))).toBe(
      '09:05:07 INFO  shutting down signal=SIGINT',
    );
    expect(readableLine(JSON.stringify({ level: 40, time: at, msg: 'proxy hop ignored' }))).toBe('09:05:07 WARN  proxy hop ignored');
  });

  it('reads a request as what was asked and how it was answered', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'req-1',
      req: { method: 'POST', url: '/api/client/getOtp', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(readableLine(line)).toBe('09:05:07 INFO  POST /api/client/getOtp 200 12 ms');
  });

  it('puts an error message and its stack under the line', () => {
    const line = readableLine(JSON.stringify({ level: 50, time: at, msg: 'mail delivery failed', err: { message: 'refused', stack: 'Error: refused\n    at send' } }));
    expect(line).toBe('09:05:07 ERROR mail delivery failed\n  Error: refused\n      at send');
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(readableLine('not json')).toBe('not json');
  });

  it('prints a kept mail as its own plain line with the address and the code or the link', () => {
    expect(
      mailLine({ to: 'jane@example.com', subject: 'Your Makazi verification code', text: 'Hello Jane,\n\nYour Makazi verification code is 482913. It is valid for 10 minutes.' }),
    ).toBe('MAIL to jane@example.com: Your Makazi verification code  ->  code 482913');
    expect(mailLine({ to: 'owner@example.com', subject: 'Invitation', text: 'Open this link, and accept:\nhttp://127.0.0.1:3000/landlord/invitations/abc\n\nAgency' })).toBe(
      'MAIL to owner@example.com: Invitation  ->  http://127.0.0.1:3000/landlord/invitations/abc',
    );
    // An amount of six digits in a receipt notice is not a code.
    expect(mailLine({ to: 't@example.com', subject: 'Receipt', text: 'Received Ksh 120000 for house A1.' })).toBe('MAIL to t@example.com: Receipt');
  });

  it('shows the sign-up code a newcomer needs as a plain line when mail is off', async () => {
    const written: string[] = [];
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), webDist: undefined, passwordCost: TEST_PASSWORD_COST };
    const app = await buildApp(config, { database: await openTestDatabase(), logStream: readableLog({ write: (text: string) => written.push(text) }) });
    try {
      const email = 'newcomer@example.com';
      const res = await app.inject({ method: 'POST', url: '/api/client/getOtp', payload: { Email: email, FullName: 'New Comer' } });
      expect(res.statusCode).toBe(200);
      const mail = written.find((text) => text.startsWith(`MAIL to ${email}: `));
      const code = mail?.match(/ {2}-> {2}code (\d{6})\n$/)?.[1];
      expect(code, written.join('')).toMatch(/^\d{6}$/);
      expect(written.every((text) => !text.startsWith('{'))).toBe(true);
      const verified = await app.inject({ method: 'POST', url: '/api/client/verifyOtp', payload: { Email: email, otp: code } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
