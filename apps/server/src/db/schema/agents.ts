import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, smallint, text, timestamp, uniqueIndex, check } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    // One own account per user (SPEC.md: Create… shows only without an admin agent).
    uniqueIndex().on(t.ownerUserNo),
    check('agents_self_is_0_or_1', sql`${t.self} IN (0, 1)`),
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
    agentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => agents.agentId),
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
    endedBy: text(),
  },
  (t) => [
    // A user works under at most one contract at a time.
    uniqueIndex('contracts_one_accepted_per_user').on(t.userNo).where(sql`status = 'accepted'`),
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
