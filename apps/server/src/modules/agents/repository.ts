import { AGENT_TYPE } from '@makazi/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type DbOrTx } from '../../db/database';
import { agencyUserContracts, agents, clients, ledgers } from '../../db/schema';

export const STARTING_LEDGERS = ['Rent', 'Deposit'] as const;

const managing = alias(agents, 'managing');
const managingOwner = alias(clients, 'managing_owner');

/** The accounts a user owns and works for, in one query. */
export async function loadAgentTies(db: DbOrTx, userNo: number) {
  const [row] = await db
    .select({
      adminAgentId: agents.agentId,
      adminAgentName: agents.agentName,
      adminAccountSelf: agents.self,
      adminOwnerClientNo: agents.ownerClientNo,
      managingAgentId: managing.agentId,
      managingAgentName: managing.agentName,
      managingAgentSelf: managing.self,
      managingOwnerClientNo: managing.ownerClientNo,
      managingOwnerName: managingOwner.fullName,
      managingAgentUserRole: agencyUserContracts.role,
      managingAgentUserLoginStatus: agencyUserContracts.loginStatus,
      offerId: agencyUserContracts.offerId,
    })
    .from(sql`(SELECT ${userNo}::bigint AS user_no) AS me`)
    .leftJoin(agents, sql`${agents.ownerUserNo} = me.user_no`)
    .leftJoin(
      agencyUserContracts,
      and(sql`${agencyUserContracts.userNo} = me.user_no`, eq(agencyUserContracts.status, 'accepted')),
    )
    .leftJoin(managing, eq(managing.agentId, agencyUserContracts.agentId))
    .leftJoin(managingOwner, eq(managingOwner.clientNo, managing.ownerClientNo));
  return row!;
}
export type AgentTiesRow = Awaited<ReturnType<typeof loadAgentTies>>;

export async function insertAgent(db: DbOrTx, row: typeof agents.$inferInsert) {
  const [agent] = await db.insert(agents).values(row).returning({ agentId: agents.agentId });
  await db.insert(ledgers).values(STARTING_LEDGERS.map((ledgerName) => ({ agentId: agent!.agentId, ledgerName })));
  return agent!.agentId;
}

export async function findAgent(db: DbOrTx, agentId: number) {
  const [row] = await db
    .select({
      AgentId: agents.agentId,
      AgentName: agents.agentName,
      AgentOwnerClientNo: agents.ownerClientNo,
      AgentOwnerName: clients.fullName,
      Self: agents.self,
    })
    .from(agents)
    .innerJoin(clients, eq(clients.clientNo, agents.ownerClientNo))
    .where(eq(agents.agentId, agentId));
  return row;
}

/**
 * Every agent the user may act on now across the whole account: the one they
 * own and the one whose contract lets them in, unless that contract limits
 * them to some properties (decision 061): such a user reads an account only
 * through routes that name it and narrow to their properties.
 */
export async function actingAgentIds(db: DbOrTx, userNo: number): Promise<number[]> {
  const rows = await db
    .select({ agentId: agents.agentId })
    .from(agents)
    .where(eq(agents.ownerUserNo, userNo))
    .union(
      db
        .select({ agentId: agencyUserContracts.agentId })
        .from(agencyUserContracts)
        .where(
          and(
            eq(agencyUserContracts.userNo, userNo),
            eq(agencyUserContracts.status, 'accepted'),
            eq(agencyUserContracts.loginStatus, 1),
            ne(agencyUserContracts.role, AGENT_TYPE.CARETAKER),
            sql`NOT EXISTS (SELECT 1 FROM contract_properties cp WHERE cp.offer_id = ${agencyUserContracts.offerId})`,
          ),
        ),
    );
  return rows.map((r) => r.agentId);
}

/** The agency's Estate Agents Act details, as its papers print them. */
export async function findRegistration(db: DbOrTx, agentId: number) {
  const [row] = await db
    .select({ EarbNo: agents.earbRegistrationNo, PractisingYear: agents.practisingCertificateYear })
    .from(agents)
    .where(eq(agents.agentId, agentId));
  return row ?? null;
}

export async function saveRegistration(db: DbOrTx, agentId: number, r: { EarbNo: string | null; PractisingYear: number | null }) {
  await db.execute(
    sql`UPDATE agents SET earb_registration_no = ${r.EarbNo}, practising_certificate_year = ${r.PractisingYear} WHERE agent_id = ${agentId}`,
  );
}

/** The agency's VAT registration (decision 054): its PIN and the day it applies from, or neither. */
export async function findVat(db: DbOrTx, agentId: number): Promise<{ VatPin: string | null; VatFrom: string | null }> {
  const result = await db.execute(sql`SELECT vat_pin, vat_registered_from::text AS vat_from FROM agents WHERE agent_id = ${agentId}`);
  const row = rowsOf<{ vat_pin: string | null; vat_from: string | null }>(result)[0];
  return { VatPin: row?.vat_pin ?? null, VatFrom: row?.vat_from ?? null };
}

export async function saveVat(db: DbOrTx, agentId: number, r: { VatPin: string | null; VatFrom: string | null }) {
  await db.execute(sql`UPDATE agents SET vat_pin = ${r.VatPin}, vat_registered_from = ${r.VatFrom}::date WHERE agent_id = ${agentId}`);
}
