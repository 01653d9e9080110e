import type { FastifyRequest } from 'fastify';

/** Where this request reached the app; used for links and callback addresses only when PUBLIC_URL is unset. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
