import { API, ApiErrorBody, C2BAnswer } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint } from './callback-service';

const CALLBACK_BODY_LIMIT = 64 * 1024;

/**
 * Daraja's C2B callbacks: public, named by the secret token in the path. The
 * body is read as text here, so a body that is not JSON reaches the service
 * and is kept as rejected rather than refused by the JSON parser.
 */
export const mpesaCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.mpesa.callbacks;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const route = (endpoint: Endpoint, path: string) =>
    app.post(
      path,
      {
        schema: {
          tags: ['mpesa'],
          summary: `Daraja C2B ${endpoint} callback`,
          params: z.object({ token: z.string().max(200) }),
          // A 400 is Daraja's answer to a body kept as rejected, or the app's own to input no route takes.
          response: {
            200: C2BAnswer,
            400: z.union([C2BAnswer, ApiErrorBody]),
            403: ApiErrorBody,
            404: ApiErrorBody,
          },
        },
      },
      async (request, reply) => {
        const answer = await service.handle(endpoint, request.params.token, request.body, request.ip);
        return reply.code(answer.status).send(answer.body);
      },
    );
  route('validation', API.mpesa.validation);
  route('confirmation', API.mpesa.confirmation);
};
