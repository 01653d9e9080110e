import { randomInt } from 'node:crypto';
import {
  ANSWER_MESSAGES,
  OTP_MAX_ATTEMPTS,
  OTP_MESSAGES,
  OTP_RESEND_SECONDS,
  OTP_VALID_MINUTES,
  SIGN_UP_MESSAGES,
  normaliseEmail,
  translatorFor,
  type GetOtpRequest,
  type GetOtpResponse,
  type Language,
  type SignUpRequest,
  type VerifyOtpRequest,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, Conflict, Invalid, TooManyRequests } from '../../errors';
import type { Mailer } from '../../plugins/mailer';
import type { Passwords } from '../../security/passwords';
import type { RateLimit, RateLimiter } from '../../security/rate-limiter';
import type { Tokens } from '../../security/tokens';
import * as repo from './repository';
import { addressKey } from '../../security/address';

const VERIFICATION_TICKET_SECONDS = 30 * 60;

export interface SignUpDeps {
  db: Db;
  clock: Clock;
  tokens: Tokens;
  mailer: Mailer;
  rateLimit: RateLimiter;
  passwords: Passwords;
  limits: { codesPerIp: RateLimit; codesPerEmail: RateLimit; signUpPerIp: RateLimit; emailChecksPerIp: RateLimit };
}

export function signUpService(deps: SignUpDeps) {
  const { db, clock, tokens } = deps;

  return {
    async checkEmailNotTaken(rawEmail: string, ip: string) {
      // Answers whether an address has an account: bounded per address, so it cannot list who uses Makazi.
      await deps.rateLimit.consume(`email-check:ip:${addressKey(ip)}`, deps.limits.emailChecksPerIp);
      if (await repo.emailHasAccount(db, normaliseEmail(rawEmail))) throw new Conflict(SIGN_UP_MESSAGES.emailTaken);
      return { message: ANSWER_MESSAGES.emailAvailable };
    },

    /** Mails a fresh code in the language the person is signing up in; the answer says how long it lives, never what it is. */
    async sendCode(input: GetOtpRequest, ip: string, language: Language): Promise<GetOtpResponse> {
      const email = normaliseEmail(input.Email);
      await deps.rateLimit.consume(`otp:ip:${addressKey(ip)}`, deps.limits.codesPerIp);
      if (await repo.emailHasAccount(db, email)) throw new Conflict(SIGN_UP_MESSAGES.emailTaken);

      const now = clock.now();
      const previous = await repo.newestCode(db, email);
      if (previous && now.getTime() - previous.createdAt.getTime() < OTP_RESEND_SECONDS * 1000) {
        throw new TooManyRequests(OTP_MESSAGES.resendTooSoon);
      }
      await deps.rateLimit.consume(`otp:email:${email}`, deps.limits.codesPerEmail);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.insertCode(db, {
        email,
        codeHash: tokens.digest(`${email}:${code}`),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * 60_000),
      });
      const t = translatorFor(language);
      try {
        await deps.mailer.send({
          to: email,
          subject: t('userEmails.signUpCode.subject'),
          text: t('userEmails.signUpCode.body', { greeting: greeting(input.FullName, language), code, minutes: OTP_VALID_MINUTES }),
        });
      } catch {
        throw new AppError(503, 'INTERNAL', OTP_MESSAGES.fetchFailed);
      }
      return { message: ANSWER_MESSAGES.otpSent, validMinutes: OTP_VALID_MINUTES, resendAfterSeconds: OTP_RESEND_SECONDS };
    },

    async verifyCode(input: VerifyOtpRequest, ip: string) {
      const email = normaliseEmail(input.Email);
      await deps.rateLimit.consume(`otp-verify:ip:${addressKey(ip)}`, deps.limits.codesPerIp);
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const code = await repo.newestCode(tx, email, true);
        if (!code || code.consumedAt || code.expiresAt <= now) return OTP_MESSAGES.expired;
        if (code.attempts >= OTP_MAX_ATTEMPTS) return OTP_MESSAGES.tooManyTries;
        if (!tokens.digestEquals(`${email}:${input.otp}`, code.codeHash)) {
          await repo.recordWrongAttempt(tx, code.id);
          return OTP_MESSAGES.incorrect;
        }
        await repo.consumeCode(tx, code.id, now);
        return 'ok' as const;
      });
      if (outcome !== 'ok') throw new Invalid(outcome);
      const verificationToken = await tokens.sign('email-verified', { email }, VERIFICATION_TICKET_SECONDS);
      return { verified: true as const, verificationToken };
    },

    async signUp(input: SignUpRequest, ip: string) {
      await deps.rateLimit.consume(`signup:ip:${addressKey(ip)}`, deps.limits.signUpPerIp);
      const email = normaliseEmail(input.Email);
      const claims = await tokens.verify('email-verified', input.verificationToken).catch(() => undefined);
      if (claims?.email !== email) throw new Invalid(SIGN_UP_MESSAGES.verifyEmail);

      const passwordHash = await deps.passwords.hash(input.password);
      try {
        return await db.transaction(async (tx) => {
          if (await repo.emailHasAccount(tx, email)) throw new Conflict(SIGN_UP_MESSAGES.emailTaken);
          return repo.insertUser(tx, {
            firstName: input.First_name,
            lastName: input.Last_name,
            email,
            phoneNo: input.PhoneNo,
            passwordHash,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(SIGN_UP_MESSAGES.emailTaken);
        throw error;
      }
    },
  };
}

export type SignUpService = ReturnType<typeof signUpService>;

/**
 * The visitor's name exactly as typed could carry line breaks or a link into a
 * mail that bears our name. Only a plain name is echoed; anything else gets a
 * greeting without one.
 */
export function greeting(fullName: string, language: Language): string {
  const t = translatorFor(language);
  const name = fullName.trim().replace(/\s+/g, ' ');
  return /^\p{L}[\p{L}\p{M}' -]{0,59}$/u.test(name) ? t('userEmails.greeting', { name }) : t('userEmails.greetingNoName');
}
