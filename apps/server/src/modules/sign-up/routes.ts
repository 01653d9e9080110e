import {
  ANSWER_MESSAGES,
  API,
  ApiErrorBody,
  CheckEmailRequest,
  GetOtpRequest,
  GetOtpResponse,
  MessageResponse,
  SignUpRequest,
  SignUpResponse,
  VerifyOtpRequest,
  VerifyOtpResponse,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readerLanguage } from '../../plugins/reader-language';

export const signUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.signUp;
  const tags = ['sign-up'];
  const refusals = { 400: ApiErrorBody, 409: ApiErrorBody, 429: ApiErrorBody };

  app.post(
    API.client.checkEmailNotTaken,
    { schema: { tags, body: CheckEmailRequest, response: { 200: MessageResponse, ...refusals } } },
    async (request) => service.checkEmailNotTaken(request.body.email, request.ip),
  );

  app.post(
    API.client.getOtp,
    {
      schema: {
        tags,
        body: GetOtpRequest,
        response: { 200: GetOtpResponse, ...refusals, 503: ApiErrorBody },
      },
    },
    async (request) => service.sendCode(request.body, request.ip, readerLanguage(request)),
  );

  app.post(
    API.client.verifyOtp,
    { schema: { tags, body: VerifyOtpRequest, response: { 200: VerifyOtpResponse, ...refusals } } },
    async (request) => service.verifyCode(request.body, request.ip),
  );

  app.post(
    API.auth.signup,
    { schema: { tags, body: SignUpRequest, response: { 201: SignUpResponse, ...refusals } } },
    async (request, reply) => {
      const created = await service.signUp(request.body, request.ip);
      return reply.status(201).send({ message: ANSWER_MESSAGES.accountCreated, ...created });
    },
  );
};
