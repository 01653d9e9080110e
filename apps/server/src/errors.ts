import { ANSWER_MESSAGES, ERROR_CODES, type ErrorCode } from '@makazi/domain';

/** A failure a service expects and the API answers in words a user can act on. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(
    message: string,
    /** Which fields were wrong, when the refusal names them. */
    readonly errors?: { path: string; message: string }[],
  ) {
    super(400, ERROR_CODES.invalid, message);
  }
}
export class Unauthenticated extends AppError {
  constructor(message = 'Authentication Failed') {
    super(401, ERROR_CODES.unauthenticated, message);
  }
}
export class Forbidden extends AppError {
  constructor(message: string = ANSWER_MESSAGES.notAuthorised) {
    super(403, ERROR_CODES.forbidden, message);
  }
}
/** Also the answer for data of another agency: never reveal that it exists. */
export class NotFound extends AppError {
  constructor(message: string = ANSWER_MESSAGES.notFound) {
    super(404, ERROR_CODES.notFound, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, ERROR_CODES.conflict, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    message = 'Too many attempts. Wait a few minutes and try again.',
    /** Seconds until trying again can succeed (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, ERROR_CODES.tooManyRequests, message);
  }
}
/** A provider the request depends on (Daraja) refused or did not answer; nothing was changed. */
export class Upstream extends AppError {
  constructor(message: string) {
    super(502, ERROR_CODES.upstream, message);
  }
}
