import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  ERROR_CODES,
  GENERIC_FAILURE_MESSAGE,
  type ApiErrorBody,
} from '@makazi/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/errors';
import { AppError, Invalid, TooManyRequests } from '../errors';
import { sayer } from './reader-language';

/** The one place errors become HTTP answers; a 5xx never shows its internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const reqId = request.id;
    const say = sayer(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: pathOf(v.instancePath, v.params),
        message: say(v.message ?? 'Invalid value'),
      }));
      const body: ApiErrorBody = {
        message: errors[0]?.message ?? 'Invalid input',
        code: ERROR_CODES.invalid,
        reqId,
        errors,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof Invalid && error.errors) {
      const errors = error.errors.map((e) => ({ ...e, message: say(e.message) }));
      return reply.status(400).send({ message: say(error.message), code: error.code, reqId, errors });
    }
    if (error instanceof TooManyRequests && error.retryAfterSeconds) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: say(error.message), code: error.code, reqId });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, rate limit, unsupported media type.
      const code = status === 429 ? ERROR_CODES.tooManyRequests : ERROR_CODES.invalid;
      return reply.status(status).send({ message: error.message, code, reqId });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable; answered 503');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ message: say(DATABASE_UNAVAILABLE_MESSAGE), code: ERROR_CODES.unavailable, reqId });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: say(GENERIC_FAILURE_MESSAGE), code: ERROR_CODES.internal, reqId });
  });
}

function pathOf(instancePath: string, params: unknown): string {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const issue = (params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue;
  if (issue?.path?.length) return issue.path.map(String).join('.');
  return base;
}
