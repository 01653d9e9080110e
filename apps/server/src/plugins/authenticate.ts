import { ERROR_CODES } from '@makazi/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessions, users } from '../db/schema';
import { AppError, Unauthenticated } from '../errors';
import { TokenExpired } from '../security/tokens';

export interface Caller {
  userNo: number;
  clientNo: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** preHandler: refuses a request without a valid access token of an active session. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

class TokenExpiredError extends AppError {
  constructor() {
    super(403, ERROR_CODES.tokenExpired, 'Your session is expired.Log in again to continue');
  }
}

export function registerAuthenticate(app: FastifyInstance) {
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new Unauthenticated();
    let claims: Record<string, unknown>;
    try {
      claims = await app.tokens.verify('access', token);
    } catch (error) {
      if (error instanceof TokenExpired) throw new TokenExpiredError();
      throw new Unauthenticated();
    }
    const sessionId = String(claims.sid ?? '');
    // A logged-out or replaced session stops working at once, not when its token expires.
    const [row] = await app.database.db
      .select({ userNo: users.userNo, clientNo: users.clientNo })
      .from(sessions)
      .innerJoin(users, eq(users.userNo, sessions.userNo))
      .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.endedAt)));
    if (!row || row.userNo !== Number(claims.sub)) throw new Unauthenticated();
    request.caller = { userNo: row.userNo, clientNo: row.clientNo, sessionId };
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** The caller of a route behind `app.authenticate`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Unauthenticated();
  return request.caller;
}
