import type pg from 'pg';

/** The journals (tenants' and landlords') and the audit trail: the app may read them and append to them, nothing else. */
const APPEND_ONLY_TABLES = ['journal_transactions', 'journal_lines', 'landlord_txns', 'landlord_lines', 'audit_events'];

/**
 * What the role in DATABASE_URL may do when migrations run as another role
 * (MIGRATION_DATABASE_URL). It owns nothing, so it cannot ALTER a table,
 * DISABLE TRIGGER or drop a guard; not being a superuser it cannot set
 * session_replication_role. On the journal it may only SELECT and INSERT,
 * so even with the guards gone it could not rewrite history. Run after every
 * migration, as the owner, so new tables are covered.
 */
export async function grantAppRole(owner: pg.ClientBase, appRole: string): Promise<void> {
  const role = owner.escapeIdentifier(appRole);
  const journal = APPEND_ONLY_TABLES.join(', ');
  await owner.query(`
    GRANT USAGE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${journal} FROM ${role};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
    GRANT USAGE ON SCHEMA drizzle TO ${role};
    GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${role};
  `);
}
