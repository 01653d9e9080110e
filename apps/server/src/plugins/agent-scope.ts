import type { AgentType } from '@makazi/domain';
import { ANSWER_MESSAGES, ownerRoleFor } from '@makazi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../errors';
import { verifiedAccessToken } from './authenticate';

/** The account a property-management request acts on, and the caller's role there. */
export interface AgentScope {
  agentId: number;
  role: AgentType;
  self: 0 | 1;
}

declare module 'fastify' {
  interface FastifyRequest {
    agentScope: AgentScope | null;
  }
  interface FastifyInstance {
    /**
     * preHandler for every property-management route: the caller must own the
     * agent named in the request, or hold an accepted contract with it whose
     * login status is 1, in a role on the route's list. No tie → 404 (never
     * reveal another agency's data exists); a role not on the list → 403.
     */
    agentScope(options: {
      allowed: readonly number[];
      /** The agent the request names, or looks up (a property's, a house's); undefined → 404. */
      agentId: (request: FastifyRequest) => unknown;
    }): (request: FastifyRequest) => Promise<void>;
  }
}

export const NOT_AUTHORISED = ANSWER_MESSAGES.notAuthorised;

export function registerAgentScope(app: FastifyInstance) {
  app.decorateRequest('agentScope', null);
  app.decorate('agentScope', ({ allowed, agentId: pick }) => {
    return async (request: FastifyRequest) => {
      const token = await verifiedAccessToken(app, request);
      const named = await pick(request);
      const agentId = Number(named);
      if (named === undefined || named === null || !Number.isInteger(agentId) || agentId <= 0) {
        await app.authenticate(request);
        if (named === undefined || named === null) throw new NotFound();
        throw new Invalid('A managing agent must be chosen');
      }

      // The session check and the caller's standing to the agent in one statement.
      const standing = await app.services.sessions.sessionStanding(token.sessionId, agentId);
      if (!standing || standing.userNo !== token.userNo) throw new Unauthenticated();
      request.caller = { userNo: standing.userNo, clientNo: standing.clientNo, sessionId: token.sessionId };
      if (standing.agentId === null) throw new NotFound();
      const self = standing.self === 1 ? 1 : 0;
      let role: AgentType;
      if (standing.ownerUserNo === standing.userNo) {
        role = ownerRoleFor(self);
      } else if (standing.contractRole != null) {
        if (standing.contractLoginStatus !== 1) throw new Forbidden(NOT_AUTHORISED);
        role = standing.contractRole as AgentType;
      } else {
        throw new NotFound();
      }
      if (!allowed.includes(role)) throw new Forbidden(NOT_AUTHORISED);
      request.agentScope = { agentId, role, self };
    };
  });
}

export function scopeOf(request: FastifyRequest): AgentScope {
  if (!request.agentScope) throw new Forbidden(NOT_AUTHORISED);
  return request.agentScope;
}

/** The agent a request names in a body field. */
export const fromBody = (field: string) => (r: FastifyRequest) =>
  (r.body as Record<string, unknown> | undefined)?.[field];
/** The agent a request names in a query parameter. */
export const fromQuery = (field: string) => (r: FastifyRequest) =>
  (r.query as Record<string, unknown> | undefined)?.[field];

/**
 * The agent of the record an id in the request names (a property's, a house's):
 * undefined — so 404 — when the id is not a positive integer or names nothing.
 */
export const agentOfRecord =
  (pick: (r: FastifyRequest) => unknown, lookup: (id: number) => Promise<number | undefined>) =>
  async (r: FastifyRequest) => {
    const id = Number(pick(r));
    return Number.isInteger(id) && id > 0 ? lookup(id) : undefined;
  };
