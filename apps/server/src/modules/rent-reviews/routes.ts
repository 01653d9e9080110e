import {
  API,
  CancelRentReviewRequest,
  RentHistory,
  RentReviewSaved,
  RentReviewsQuery,
  ROLE_LISTS,
  ScheduleRentReviewRequest,
  UpdateRentReviewRequest,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

/**
 * A tenancy's rent history and its rent reviews (docs/decisions/026-rent-reviews.md):
 * anyone of the account reads it; only its admins schedule, change or cancel a review.
 */
export const rentReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.rentReviews;
  const secured = { tags: ['tenancies'], security: BEARER };
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });

  app.get(
    API.rentReviews.list,
    {
      preHandler: app.agentScope({ allowed: ROLE_LISTS.allAllowed, agentId: fromQuery('managingAgentId') }),
      schema: { ...secured, querystring: RentReviewsQuery, response: { 200: RentHistory, ...REFUSALS } },
    },
    async (request) => service.history(scopeOf(request), request.query.tenancyId),
  );

  app.post(
    API.rentReviews.schedule,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: ScheduleRentReviewRequest, response: { 200: RentReviewSaved, ...REFUSALS } },
    },
    async (request) => service.schedule(scopeOf(request), callerOf(request).userNo, request.body),
  );

  app.post(
    API.rentReviews.update,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: UpdateRentReviewRequest, response: { 200: RentReviewSaved, ...REFUSALS } },
    },
    async (request) => service.update(scopeOf(request), request.body),
  );

  app.post(
    API.rentReviews.cancel,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { ...secured, body: CancelRentReviewRequest, response: { 200: RentReviewSaved, ...REFUSALS } },
    },
    async (request) => service.cancel(scopeOf(request), callerOf(request).userNo, request.body.ReviewId),
  );
};
