import { API, DashboardMoney, DashboardMoneyQuery, ROLE_LISTS } from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromQuery, scopeOf } from '../../plugins/agent-scope';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.dashboard;

  app.get(
    API.dashboard.money,
    {
      // Whoever sees the dashboard's tenancy counts sees its money figures.
      preHandler: app.agentScope({ allowed: ROLE_LISTS.allAllowed, agentId: fromQuery('managingAgentId') }),
      schema: {
        tags: ['dashboard'],
        security: BEARER,
        querystring: DashboardMoneyQuery,
        response: { 200: DashboardMoney, ...REFUSALS },
      },
    },
    async (request) => service.money(scopeOf(request)),
  );
};
