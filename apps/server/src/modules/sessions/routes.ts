import {
  ANSWER_MESSAGES,
  API,
  ApiErrorBody,
  AuthResponse,
  EndPreviousSessionRequest,
  LoginConflict,
  LogoutRequest,
  MessageResponse,
  SESSION_MARKER_COOKIE,
  SignInCodeRequired,
  SignInRequest,
} from '@makazi/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/authenticate';
import { LoginConflictError, REFRESH_TOKEN_DAYS, SignInCodeRequiredError, type Issued } from './service';
import { readerLanguage } from '../../plugins/reader-language';

export const REFRESH_COOKIE = 'makazi_refresh';
const COOKIE_PATH = '/api/userauth';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.sessions;
  const tags = ['session'];

  app.post(
    API.auth.login,
    {
      schema: {
        tags,
        body: SignInRequest,
        response: {
          200: AuthResponse,
          400: ApiErrorBody,
          401: LoginConflict.or(SignInCodeRequired).or(ApiErrorBody),
          429: ApiErrorBody,
        },
      },
    },
    async (request, reply) => {
      try {
        const issued = await service.login(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          language: readerLanguage(request),
        });
        return sendIssued(request, reply, issued);
      } catch (error) {
        if (error instanceof LoginConflictError || error instanceof SignInCodeRequiredError) {
          return reply.status(401).send(error.body);
        }
        throw error;
      }
    },
  );

  app.patch(
    API.auth.endPreviousSession,
    {
      schema: {
        tags,
        body: EndPreviousSessionRequest,
        response: { 200: MessageResponse, 401: ApiErrorBody },
      },
    },
    async (request) => {
      await service.endPreviousSession(request.body.SessionId);
      return { message: 'Previous session ended. Log in to continue.' };
    },
  );

  app.get(
    API.auth.refreshAccessToken,
    { schema: { tags, response: { 200: AuthResponse, 401: ApiErrorBody } } },
    async (request, reply) => {
      try {
        return sendIssued(request, reply, await service.refresh(request.cookies[REFRESH_COOKIE]));
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    API.auth.authenticateUser,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: { 200: AuthResponse, 401: ApiErrorBody, 403: ApiErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return service.authenticate(caller.sessionId, caller.userNo);
    },
  );

  app.post(
    API.auth.logout,
    { schema: { tags, body: LogoutRequest.nullish(), response: { 200: MessageResponse } } },
    async (request, reply) => {
      await service.logout(request.cookies[REFRESH_COOKIE], await sessionOfBearer(request));
      clearRefreshCookie(reply);
      return { message: ANSWER_MESSAGES.loggedOut };
    },
  );

  /** The session an access token names, even an expired one: logging out must always work. */
  async function sessionOfBearer(request: FastifyRequest): Promise<string | undefined> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    try {
      await app.authenticate(request);
      return request.caller?.sessionId;
    } catch {
      return undefined;
    }
  }
};

function sendIssued(request: FastifyRequest, reply: FastifyReply, issued: Issued) {
  if (issued.refreshToken) {
    reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      // Served over HTTPS (PUBLIC_URL, TLS_PROXY) or reached over it: the browser then keeps it for https only.
      secure: request.server.config.https || request.protocol === 'https',
      path: COOKIE_PATH,
      maxAge: REFRESH_TOKEN_DAYS * 86_400,
    });
    reply.setCookie(SESSION_MARKER_COOKIE, '1', {
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: '/',
      maxAge: REFRESH_TOKEN_DAYS * 86_400,
    });
  }
  reply.header('cache-control', 'no-store');
  return issued.auth;
}

function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/' });
}
