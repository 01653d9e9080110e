import { TENANCY_MESSAGES } from '@makazi/domain';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { agents } from '../../db/schema';
import { Forbidden, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';

/** Which tenancies a scope may read: its own, and — for a landlord's account — those on its owner's properties. */
export interface TenancyView {
  agentId: number;
  /** Set for a landlord account: its owner's client number. */
  landlordClientNo: number | null;
}

/** What a scope may read: its own tenancies and, for a landlord's account, those on its owner's properties. */
export async function viewOf(db: DbOrTx, scope: AgentScope): Promise<TenancyView> {
  if (scope.self !== 1) return { agentId: scope.agentId, landlordClientNo: null };
  const [agent] = await db
    .select({ owner: agents.ownerClientNo })
    .from(agents)
    .where(eq(agents.agentId, scope.agentId));
  return { agentId: scope.agentId, landlordClientNo: agent?.owner ?? null };
}

export interface TenancyAccess {
  tenancyId: number;
  agentId: number;
  houseId: number;
  rentCents: number;
  endedAt: Date | null;
  /** True when the scope's agent manages the tenancy; otherwise the scope may only view it. */
  managed: boolean;
}

/** A tenancy the scope may see, or 404 — never a hint that another agency's tenancy exists. */
export async function tenancyFor(
  db: DbOrTx,
  scope: AgentScope,
  tenancyId: number,
  lock = false,
): Promise<TenancyAccess> {
  const view = await viewOf(db, scope);
  const result = await db.execute(sql`
    SELECT t.tenancy_id, t.agent_id, t.house_id, t.rent_cents, t.ended_at, p.landlord_no
    FROM tenancies t JOIN houses h ON h.house_id = t.house_id JOIN properties p ON p.prop_id = h.prop_id
    WHERE t.tenancy_id = ${tenancyId}
    ${lock ? sql`FOR UPDATE OF t` : sql``}`);
  const row = rowsOf<{
    tenancy_id: string | number;
    agent_id: string | number;
    house_id: string | number;
    rent_cents: string | number;
    ended_at: Date | string | null;
    landlord_no: string | number;
  }>(result)[0];
  if (!row) throw new NotFound(TENANCY_MESSAGES.notFound);
  const managed = Number(row.agent_id) === scope.agentId;
  const onOwnersProperty = view.landlordClientNo != null && Number(row.landlord_no) === view.landlordClientNo;
  if (!managed && !onOwnersProperty) throw new NotFound(TENANCY_MESSAGES.notFound);
  return {
    tenancyId: Number(row.tenancy_id),
    agentId: Number(row.agent_id),
    houseId: Number(row.house_id),
    rentCents: Number(row.rent_cents),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    managed,
  };
}

/** Acting on a tenancy (receiving money, terminating) needs its managing agent (docs/access.md#view-only-tenancies). */
export function requireManaged(access: TenancyAccess, message: string = TENANCY_MESSAGES.notManagedHere) {
  if (!access.managed) throw new Forbidden(message);
}
