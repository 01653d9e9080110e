import {
  ANSWER_MESSAGES,
  API,
  EditUserBioData,
  MessageResponse,
  SetUserLanguage,
  UserGeneralInformation,
  UserGeneralInformationQuery,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { callerOf } from '../../plugins/authenticate';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.users;
  const tags = ['users'];

  app.get(
    API.users.generalInformation,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, querystring: UserGeneralInformationQuery, response: { 200: UserGeneralInformation, ...REFUSALS } },
    },
    async (request) => users.generalInformation(callerOf(request).userNo, request.query.userNo),
  );

  app.patch(
    API.users.editBioData,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, body: EditUserBioData, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => {
      await users.editBioData(callerOf(request).clientNo, request.body);
      return { message: 'Details updated' };
    },
  );

  app.patch(
    API.users.setLanguage,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, body: SetUserLanguage, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => {
      await users.setLanguage(callerOf(request).userNo, request.body.Language);
      return { message: ANSWER_MESSAGES.languageSaved };
    },
  );
};
