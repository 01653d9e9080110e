import { randomUUID } from 'node:crypto';
import { randomInt } from 'node:crypto';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  SIGN_IN_CODE_VALID_MINUTES,
  SIGN_IN_MESSAGES,
  normaliseEmail,
  translatorFor,
  type AuthResponse,
  type Language,
  type LoginConflict,
  type SignInCodeRequired,
  type SignInRequest,
} from '@makazi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, TooManyRequests, Unauthenticated } from '../../errors';
import type { Mailer } from '../../plugins/mailer';
import * as codes from '../sign-up/repository';
import type { Passwords } from '../../security/passwords';
import type { RateLimiter, RateLimit } from '../../security/rate-limiter';
import { ACCESS_TOKEN_SECONDS, randomToken, type Tokens } from '../../security/tokens';
import { loadAgentTies } from '../agents/repository';
import { sessionAgentFields } from '../agents/ties';
import { findActiveSessionUser, findSessionStanding } from './caller-repository';
import * as repo from './repository';
import { addressKey } from '../../security/address';

export const REFRESH_TOKEN_DAYS = 30;
/** A rotated token presented again this soon is the same client's retry, not a theft. */
export const REFRESH_GRACE_SECONDS = 10;
const END_SESSION_TICKET_SECONDS = 10 * 60;

export interface SessionDeps {
  db: Db;
  clock: Clock;
  tokens: Tokens;
  rateLimit: RateLimiter;
  passwords: Passwords;
  limits: { loginPerIp: RateLimit; loginPerEmail: RateLimit; loginPerAccount: RateLimit; codesPerEmail: RateLimit };
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Past the account's bound the password alone does not sign in: 401 asking for the mailed code (docs/accounts.md#sign-in-codes). */
export class SignInCodeRequiredError extends AppError {
  readonly body: SignInCodeRequired;
  constructor(message: string) {
    super(401, 'UNAUTHENTICATED', message);
    this.body = { message, codeRequired: true };
  }
}

/** Login refused because another session is active: 401 carrying multipleLogIn, LoginTime and the ticket (docs/accounts.md#one-session-per-user). */
export class LoginConflictError extends AppError {
  constructor(readonly body: LoginConflict) {
    super(401, 'UNAUTHENTICATED', body.message);
  }
}

export interface Issued {
  auth: AuthResponse;
  /** Absent when an in-grace retry is answered without rotating again. */
  refreshToken?: string;
}

export function sessionService(deps: SessionDeps) {
  const { db, clock, tokens } = deps;

  async function issue(sessionId: string, userNo: number): Promise<AuthResponse> {
    const user = await repo.loadSessionUser(db, sessionId);
    if (!user) throw new Unauthenticated(SIGN_IN_MESSAGES.userAuthFailed);
    const ties = await loadAgentTies(db, user.userNo);
    const accessToken = await tokens.sign('access', { sub: userNo, sid: sessionId }, ACCESS_TOKEN_SECONDS);
    return { ...user, ...sessionAgentFields(ties, user), accessToken };
  }

  async function newRefreshToken(tx: Parameters<typeof repo.insertRefreshToken>[0], sessionId: string, now: Date) {
    const token = randomToken();
    await repo.insertRefreshToken(tx, {
      tokenHash: tokens.digest(token),
      sessionId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
    });
    return token;
  }

  return {
    /** The user of an active session, or undefined: every signed-in request asks. */
    activeSessionUser: (sessionId: string) => findActiveSessionUser(db, sessionId),

    /** The user of an active session and their standing to an account, in one statement: every account-scoped request asks. */
    sessionStanding: (sessionId: string, agentId: number) => findSessionStanding(db, sessionId, agentId),

    async login(input: SignInRequest, meta: { ip: string; userAgent: string | undefined; language: Language }): Promise<Issued> {
      const email = normaliseEmail(input.Email);
      // Every attempt is counted before the password is checked, so a burst of
      // guesses in parallel cannot slip past; a right password is refunded, so
      // only failures count. A stranger failing on someone's email from one
      // address locks that pair, not the owner signing in elsewhere; all
      // addresses together still get at most loginPerAccount guesses.
      const keys = [
        [`login-failed:ip:${addressKey(meta.ip)}`, deps.limits.loginPerIp],
        [`login-failed:email-ip:${email}|${addressKey(meta.ip)}`, deps.limits.loginPerEmail],
      ] as const;
      for (const [key, rule] of keys) await deps.rateLimit.consume(key, rule);
      // Strangers spending the account's bound from many addresses must not
      // lock the owner out: past it, the password needs a code mailed to the
      // account as well, and every answer without both is the same.
      const accountKey = `login-failed:email:${email}`;
      const pastBound = await deps.rateLimit.consume(accountKey, deps.limits.loginPerAccount).then(
        () => false,
        (error: unknown) => {
          if (error instanceof TooManyRequests) return true;
          throw error;
        },
      );

      const user = await repo.findUserByEmail(db, email);
      const passwordRight = (await deps.passwords.verify(user?.passwordHash, input.Password)) && user !== undefined;
      if (pastBound) {
        if (input.Code === undefined) {
          // In the language the user chose; until they choose, the one they are logging in with.
          if (passwordRight) await mailSignInCode(email, user.language ?? meta.language);
          throw new SignInCodeRequiredError(SIGN_IN_MESSAGES.codeSent);
        }
        // Without the password a guess never touches the code, so a stranger cannot spend the owner's tries.
        if (!passwordRight || !(await spendSignInCode(email, input.Code))) {
          throw new SignInCodeRequiredError(SIGN_IN_MESSAGES.codeWrong);
        }
      } else if (!passwordRight) {
        throw new Unauthenticated(SIGN_IN_MESSAGES.wrongCredentials);
      }
      for (const key of [...keys.map(([k]) => k), accountKey]) await deps.rateLimit.refund(key);

      const now = clock.now();
      const sessionId = randomUUID();
      try {
        const refreshToken = await db.transaction(async (tx) => {
          const active = await repo.findActiveSession(tx, user.userNo);
          if (active) {
            const idleSince = active.lastRefreshedAt.getTime();
            // A session whose refresh token has lapsed is over, whether or not it logged out.
            if (now.getTime() - idleSince > REFRESH_TOKEN_DAYS * 86_400_000) {
              await repo.endSession(tx, active.sessionId, now, 'expired');
            } else {
              throw new LoginConflictError(await conflictBody(active.sessionId, user.userNo, active.startedAt));
            }
          }
          await repo.insertSession(tx, {
            sessionId,
            userNo: user.userNo,
            startedAt: now,
            lastRefreshedAt: now,
            clientLoginTime: input.logInTime ?? null,
            ip: meta.ip,
            userAgent: meta.userAgent?.slice(0, 300) ?? null,
          });
          return newRefreshToken(tx, sessionId, now);
        });
        return { auth: await issue(sessionId, user.userNo), refreshToken };
      } catch (error) {
        // Two logins at the same moment: the one-active-session index lets one in.
        if (isUniqueViolation(error)) {
          const active = await repo.findActiveSession(db, user.userNo);
          if (active) throw new LoginConflictError(await conflictBody(active.sessionId, user.userNo, active.startedAt));
        }
        throw error;
      }
    },

    /** Ends the session named by the ticket a conflicting login answered with. */
    async endPreviousSession(ticket: string): Promise<void> {
      const claims = await tokens.verify('end-session', ticket).catch(() => {
        throw new Unauthenticated(SIGN_IN_MESSAGES.authenticationFailed);
      });
      await repo.endSession(db, String(claims.sid), clock.now(), 'ended_by_new_login');
    },

    async refresh(refreshToken: string | undefined): Promise<Issued> {
      if (!refreshToken) throw new Unauthenticated(SIGN_IN_MESSAGES.authenticationFailed);
      const now = clock.now();
      const hash = tokens.digest(refreshToken);
      const outcome = await db.transaction(async (tx) => {
        const consumed = await repo.consumeRefreshToken(tx, hash, now);
        if (consumed) {
          const session = await repo.findSession(tx, consumed.sessionId);
          if (!session || session.endedAt) return { kind: 'refused' as const };
          await repo.touchSession(tx, session.sessionId, now);
          const next = await newRefreshToken(tx, session.sessionId, now);
          return { kind: 'rotated' as const, session, next };
        }
        const known = await repo.findRefreshToken(tx, hash);
        if (!known?.usedAt) return { kind: 'refused' as const };
        if (now.getTime() - known.usedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000) {
          const session = await repo.findSession(tx, known.sessionId);
          return session && !session.endedAt ? { kind: 'grace' as const, session } : { kind: 'refused' as const };
        }
        // A rotated token used again: someone holds a copy. End the whole session.
        await repo.endSession(tx, known.sessionId, now, 'token_reuse');
        return { kind: 'reused' as const };
      });
      if (outcome.kind === 'refused' || outcome.kind === 'reused') {
        throw new Unauthenticated(SIGN_IN_MESSAGES.userAuthFailed);
      }
      const auth = await issue(outcome.session.sessionId, outcome.session.userNo);
      return outcome.kind === 'rotated' ? { auth, refreshToken: outcome.next } : { auth };
    },

    async authenticate(sessionId: string, userNo: number): Promise<AuthResponse> {
      return issue(sessionId, userNo);
    },

    /** Ends the session the cookie or the access token names; logging out twice is fine. */
    async logout(refreshToken: string | undefined, sessionIdFromToken: string | undefined): Promise<void> {
      const now = clock.now();
      let sessionId = sessionIdFromToken;
      if (!sessionId && refreshToken) {
        sessionId = (await repo.findRefreshToken(db, tokens.digest(refreshToken)))?.sessionId;
      }
      if (sessionId) await repo.endSession(db, sessionId, now, 'logout');
    },
  };

  /** A fresh code unless one mailed a moment ago still works; a failed mail is logged, the answer stays the same. */
  async function mailSignInCode(email: string, language: Language) {
    const now = clock.now();
    const previous = await codes.newestCode(db, email, false, 'sign-in');
    const stillLive = previous && !previous.consumedAt && previous.expiresAt > now && previous.attempts < OTP_MAX_ATTEMPTS;
    if (stillLive && now.getTime() - previous.createdAt.getTime() < OTP_RESEND_SECONDS * 1000) return;
    try {
      await deps.rateLimit.consume(`sign-in-code:email:${email}`, deps.limits.codesPerEmail);
    } catch (error) {
      if (error instanceof TooManyRequests) return;
      throw error;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await codes.insertCode(db, {
      email,
      purpose: 'sign-in',
      codeHash: tokens.digest(`sign-in:${email}:${code}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE_VALID_MINUTES * 60_000),
    });
    const t = translatorFor(language);
    await deps.mailer
      .send({
        to: email,
        subject: t('userEmails.signInCode.subject'),
        text: t('userEmails.signInCode.body', { code, minutes: SIGN_IN_CODE_VALID_MINUTES }),
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'sign-in code mail failed'));
  }

  /** True when `code` is the newest live sign-in code for the email; a wrong one counts against it. */
  async function spendSignInCode(email: string, code: string): Promise<boolean> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await codes.newestCode(tx, email, true, 'sign-in');
      if (!row || row.consumedAt || row.expiresAt <= now || row.attempts >= OTP_MAX_ATTEMPTS) return false;
      if (!tokens.digestEquals(`sign-in:${email}:${code}`, row.codeHash)) {
        await codes.recordWrongAttempt(tx, row.id);
        return false;
      }
      await codes.consumeCode(tx, row.id, now);
      return true;
    });
  }

  async function conflictBody(sessionId: string, userNo: number, startedAt: Date): Promise<LoginConflict> {
    return {
      message: SIGN_IN_MESSAGES.alreadyLoggedIn,
      multipleLogIn: true,
      previousSessionUserId: userNo,
      LoginTime: startedAt.toISOString(),
      SessionId: await tokens.sign('end-session', { sid: sessionId, sub: userNo }, END_SESSION_TICKET_SECONDS),
    };
  }
}

export type SessionService = ReturnType<typeof sessionService>;
