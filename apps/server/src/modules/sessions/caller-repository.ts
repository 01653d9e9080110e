import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { agencyUserContracts, agents, sessions, users } from '../../db/schema';

// The checks every authenticated request makes, each one prepared statement
// per database handle: planned once, not built anew by the query builder on
// every request. They read the database every time — no per-process cache
// (docs/deployment.md), so a logout, a deactivation or a role change counts at once.

function activeSessionQuery(db: Db) {
  return db
    .select({ userNo: users.userNo, clientNo: users.clientNo })
    .from(sessions)
    .innerJoin(users, eq(users.userNo, sessions.userNo))
    .where(and(eq(sessions.sessionId, sql.placeholder('sessionId')), isNull(sessions.endedAt)))
    .prepare('caller_active_session');
}

/**
 * The session with how its user stands to one agent, in one round trip:
 * no row → no active session; agentId null → no such agent.
 */
function sessionStandingQuery(db: Db) {
  return db
    .select({
      userNo: users.userNo,
      clientNo: users.clientNo,
      agentId: agents.agentId,
      self: agents.self,
      ownerUserNo: agents.ownerUserNo,
      contractRole: agencyUserContracts.role,
      contractLoginStatus: agencyUserContracts.loginStatus,
      // The properties the contract limits its user to (decision 061); null when it names none.
      contractPropIds: sql<number[] | null>`(SELECT array_agg(cp.prop_id::int ORDER BY cp.prop_id) FROM contract_properties cp WHERE cp.offer_id = ${agencyUserContracts.offerId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userNo, sessions.userNo))
    .leftJoin(agents, eq(agents.agentId, sql`${sql.placeholder('agentId')}::bigint`))
    .leftJoin(
      agencyUserContracts,
      and(
        eq(agencyUserContracts.agentId, agents.agentId),
        eq(agencyUserContracts.userNo, sessions.userNo),
        eq(agencyUserContracts.status, 'accepted'),
      ),
    )
    .where(and(eq(sessions.sessionId, sql.placeholder('sessionId')), isNull(sessions.endedAt)))
    .prepare('caller_session_standing');
}

type Prepared = {
  activeSession: ReturnType<typeof activeSessionQuery>;
  sessionStanding: ReturnType<typeof sessionStandingQuery>;
};
const prepared = new WeakMap<Db, Prepared>();

function preparedFor(db: Db): Prepared {
  let p = prepared.get(db);
  if (!p) {
    p = { activeSession: activeSessionQuery(db), sessionStanding: sessionStandingQuery(db) };
    prepared.set(db, p);
  }
  return p;
}

/** The user of an active session, or undefined. */
export async function findActiveSessionUser(db: Db, sessionId: string) {
  const [row] = await preparedFor(db).activeSession.execute({ sessionId });
  return row;
}

/** The user of an active session and their standing to `agentId`, or undefined without an active session. */
export async function findSessionStanding(db: Db, sessionId: string, agentId: number) {
  const [row] = await preparedFor(db).sessionStanding.execute({ sessionId, agentId });
  return row;
}
