import { API, ApiErrorBody, UserGeneralInformation, UserGeneralInformationQuery } from '@makazi/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients, users } from '../../db/schema';
import { NotFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.users.generalInformation,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        querystring: UserGeneralInformationQuery,
        response: { 200: UserGeneralInformation, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      // A user reads their own record; agencies read their users through the hiring calls.
      if (request.query.userNo !== callerOf(request).userNo)
        throw new NotFound('No information found. Something went wrong.');
      const [row] = await app.database.db
        .select({
          UserNo: users.userNo,
          ClientNo: users.clientNo,
          Full_name: clients.fullName,
          First_name: clients.firstName,
          Last_name: clients.lastName,
          Email: users.email,
          PhoneNo: clients.phoneNo,
          Username: users.email,
          AvailableForWork: users.availableForWork,
        })
        .from(users)
        .innerJoin(clients, eq(clients.clientNo, users.clientNo))
        .where(eq(users.userNo, request.query.userNo));
      if (!row) throw new NotFound('No information found. Something went wrong.');
      return { ...row, AvailableForWork: row.AvailableForWork === 1 ? (1 as const) : (0 as const) };
    },
  );
};
