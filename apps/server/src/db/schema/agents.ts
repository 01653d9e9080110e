import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, foreignKey, index, pgTable, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, users } from './people';

/**
 * A property-management account: a landlord's own (self = 1) or an agency
 * (self = 0). Every business row names the agent it belongs to.
 */
export const agents = pgTable(
  'agents',
  {
    agentId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 2001 }),
    agentName: text().notNull(),
    ownerClientNo: bigint({ mode: 'number' })
      .notNull()
      .references(() => clients.clientNo),
    ownerUserNo: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
    self: smallint().notNull(),
    kraPin: text().notNull(),
    address: text().notNull(),
    hasOwnProperty: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Estate Agents Act (Cap 533): printed on the agency's papers (migration 0059). */
    earbRegistrationNo: text(),
    practisingCertificateYear: integer(),
    /** VAT-registered from this day with this PIN, or neither (migration 0066, decision 054). */
    vatPin: text(),
    vatRegisteredFrom: date({ mode: 'string' }),
  },
  (t) => [
    // One own account per user (Create Property management Account shows only to a user without one).
    uniqueIndex().on(t.ownerUserNo),
    check('agents_self_is_0_or_1', sql`${t.self} IN (0, 1)`),
    check(
      'agents_practising_year_with_number',
      sql`${t.practisingCertificateYear} IS NULL OR (${t.earbRegistrationNo} IS NOT NULL AND ${t.practisingCertificateYear} BETWEEN 2000 AND 2200)`,
    ),
    check(
      'agents_vat_pin_with_day',
      sql`(${t.vatPin} IS NULL) = (${t.vatRegisteredFrom} IS NULL) AND (${t.vatPin} IS NULL OR ${t.vatPin} ~ '^[A-Z][0-9]{9}[A-Z]$')`,
    ),
    // The target of contracts' (agent, self) reference: a contract's role follows the account's Self.
    unique('agents_agent_id_self_unique').on(t.agentId, t.self),
  ],
);

/**
 * A hire offer and, once accepted, the contract it becomes: the user's role on
 * the hiring account and whether the admin lets them in (login status).
 */
export const agencyUserContracts = pgTable(
  'agency_user_contracts',
  {
    offerId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 3001 }),
    agentId: bigint({ mode: 'number' }).notNull(),
    /** The hiring account's Self, tied to it by the (agent_id, agent_self) reference. */
    agentSelf: smallint().notNull(),
    userNo: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.userNo),
    status: text({ enum: ['pending', 'revoked', 'accepted', 'rejected', 'terminated'] }).notNull(),
    role: smallint().notNull(),
    allocatedUsername: text(),
    loginStatus: smallint().notNull().default(1),
    declineReason: text(),
    offeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    endedBy: text({ enum: ['user', 'admin'] }),
    endedByUserNo: bigint({ mode: 'number' }).references(() => users.userNo),
  },
  (t) => [
    foreignKey({
      name: 'contracts_agent_and_self_fk',
      columns: [t.agentId, t.agentSelf],
      foreignColumns: [agents.agentId, agents.self],
    }),
    // 5101 (clerk) or 5102 (caretaker) on an agency (Self 0), 5201 on a landlord's account (Self 1).
    check(
      'contracts_role_follows_account_self',
      sql`(${t.agentSelf} = 0 AND ${t.role} IN (5101, 5102)) OR (${t.agentSelf} = 1 AND ${t.role} = 5201)`,
    ),
    check('contracts_login_status_is_0_or_1', sql`${t.loginStatus} IN (0, 1)`),
    check('contracts_decline_reason_length', sql`char_length(${t.declineReason}) <= 150`),
    check(
      'contracts_ended_by_when_terminated',
      sql`(${t.status} = 'terminated') = (${t.endedBy} IS NOT NULL AND ${t.endedAt} IS NOT NULL)`,
    ),
    // A user works under at most one contract at a time.
    uniqueIndex('contracts_one_accepted_per_user').on(t.userNo).where(sql`status = 'accepted'`),
    // One open offer per account and user: a second click does not send a second offer.
    uniqueIndex('contracts_one_pending_per_agent_user').on(t.agentId, t.userNo).where(sql`status = 'pending'`),
    index().on(t.agentId, t.status),
    index().on(t.userNo, t.status),
  ],
);

/** The money ledgers of an agent; every account starts with Rent and Deposit. */
export const ledgers = pgTable(
  'ledgers',
  {
    ledgerId: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
    ledgerName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.agentId, t.ledgerName)],
);
