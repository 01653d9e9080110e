import type { AgentType } from '@makazi/domain';
import { AGENT_TYPE, ANSWER_MESSAGES, ownerRoleFor } from '@makazi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../errors';
import { verifiedAccessToken } from './authenticate';

/** The account a property-management request acts on, and the caller's role there. */
export interface AgentScope {
  agentId: number;
  role: AgentType;
  self: 0 | 1;
  /**
   * The properties a limited caller works on (decision 061); null for the
   * whole account. Only a route that declared `limited` ever sees a non-null list.
   */
  propIds: readonly number[] | null;
}

/**
 * How a route serves a caller limited to some properties (decision 061). A
 * route that declares nothing refuses them (403), so a route added later is
 * closed to them until someone decides how it narrows.
 */
export type Limited =
  /** The property the request is about, named or looked up from a record; outside the caller's → 404, as for another account. */
  | { property: (request: FastifyRequest) => unknown }
  /** Its handler narrows everything it reads and writes to `propIds` itself. */
  | 'filtered';

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
      /** Whether and how a caller limited to some properties may call; absent → refused. */
      limited?: Limited;
    }): (request: FastifyRequest) => Promise<void>;
  }
}

export const NOT_AUTHORISED = ANSWER_MESSAGES.notAuthorised;

export function registerAgentScope(app: FastifyInstance) {
  app.decorateRequest('agentScope', null);
  app.decorate('agentScope', ({ allowed, agentId: pick, limited }) => {
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
      const propIds = standing.ownerUserNo === standing.userNo ? null : limitOf(role, standing.contractPropIds);
      if (propIds !== null) {
        if (!limited) throw new Forbidden(NOT_AUTHORISED);
        if (limited !== 'filtered' && !propIds.includes(Number(await limited.property(request)))) throw new NotFound();
      }
      request.agentScope = { agentId, role, self, propIds };
    };
  });
}

/** A caretaker is limited by what the role is: with no properties named, to none. */
function limitOf(role: AgentType, contractPropIds: readonly (number | string)[] | null): readonly number[] | null {
  const named = contractPropIds?.map(Number) ?? null;
  return role === AGENT_TYPE.CARETAKER ? (named ?? []) : named;
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
