import { API, EditUserBioData, MessageResponse, UserGeneralInformation, UserGeneralInformationQuery } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound } from '../../errors';
import { BEARER, REFUSALS } from '../../http/refusals';
import { callerOf } from '../../plugins/authenticate';
import { findGeneralInformation, updateBioData } from './repository';

const NO_INFORMATION = 'No information found. Something went wrong.';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['users'];

  app.get(
    API.users.generalInformation,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, querystring: UserGeneralInformationQuery, response: { 200: UserGeneralInformation, ...REFUSALS } },
    },
    async (request) => {
      // A user reads their own record; agencies read their users through the hiring calls.
      if (request.query.userNo !== callerOf(request).userNo) throw new NotFound(NO_INFORMATION);
      const row = await findGeneralInformation(db, request.query.userNo);
      if (!row) throw new NotFound(NO_INFORMATION);
      return { ...row, AvailableForWork: row.AvailableForWork === 1 ? (1 as const) : (0 as const) };
    },
  );

  app.patch(
    API.users.editBioData,
    {
      preHandler: app.authenticate,
      schema: { tags, security: BEARER, body: EditUserBioData, response: { 200: MessageResponse, ...REFUSALS } },
    },
    async (request) => {
      // Always the caller's own record: the body names no user.
      await updateBioData(db, callerOf(request).clientNo, request.body);
      return { message: 'Details updated' };
    },
  );
};
