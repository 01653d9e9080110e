import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { withoutSecrets } from './secrets';

/**
 * One log line per request, written when it is answered, with the request
 * beside the outcome: Fastify writes two (one on arrival), and at the default
 * log level the second line cost a tenth of a health check's CPU (issue 21).
 * Fastify's other request logs (not found, errors it handles) are kept.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Fastify's request serializer with the URL's secret segments redacted
 * (tenant links, callback tokens): the log is read by more people than the
 * tenants and Safaricom who hold them.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSecrets(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
