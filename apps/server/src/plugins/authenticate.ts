import { ERROR_CODES } from '@makazi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    const token = await verifiedAccessToken(app, request);
    // A logged-out or replaced session stops working at once, not when its token expires.
    const row = await app.services.sessions.activeSessionUser(token.sessionId);
    if (!row || row.userNo !== token.userNo) throw new Unauthenticated();
    request.caller = { userNo: row.userNo, clientNo: row.clientNo, sessionId: token.sessionId };
  });
}

/**
 * The session and user an access token names, checked by signature and expiry
 * only: whether the session is still active is the caller's next query.
 */
export async function verifiedAccessToken(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ sessionId: string; userNo: number }> {
  const token = bearerToken(request);
  if (!token) throw new Unauthenticated();
  let claims: Record<string, unknown>;
  try {
    claims = await app.tokens.verify('access', token);
  } catch (error) {
    if (error instanceof TokenExpired) throw new TokenExpiredError();
    throw new Unauthenticated();
  }
  return { sessionId: String(claims.sid ?? ''), userNo: Number(claims.sub) };
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
