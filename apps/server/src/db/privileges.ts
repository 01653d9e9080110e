import type pg from 'pg';

/** The journals (tenants' and landlords') and the audit trail: the app may read them and append to them, nothing else. */
const APPEND_ONLY_TABLES = ['journal_transactions', 'journal_lines', 'landlord_txns', 'landlord_lines', 'audit_events'];

/**
 * Records of money kept as written (migration 0054 guards them too): the app
 * appends them and deletes none; it may change only the columns its flows
 * move — an agreement's terms saved again the same day, an expense's decision,
 * reversal and receipt scan, a water month's charge counts, a client account's
 * details. Payouts and client-money reconciliations: none.
 */
const KEPT_TABLES = [
  'landlord_payouts', 'management_agreements', 'property_expenses', 'water_months',
  'client_accounts', 'client_money_reconciliations', 'client_money_balances', 'client_money_items',
];

/** Know-your-customer and anti-money-laundering records (migration 0056, decision 044): appended only, kept 7 years. */
const KYC_AML_TABLES = [
  'kyc_records', 'kyc_beneficial_owners', 'kyc_documents', 'aml_settings', 'aml_thresholds', 'aml_log', 'aml_log_reviews', 'aml_suspicions',
];
const NARROW_UPDATES: Record<string, string[]> = {
  // The terms a same-day save replaces (landlord-money/repository.ts upserts them).
  management_agreements: [
    'commission_bp', 'fixed_fee_cents', 'commission_kinds', 'withholds_tax', 'property_use', 'payout_method', 'payout_bank',
    'payout_account', 'payout_phone', 'remittance_day', 'approval_threshold_cents', 'no_commission', 'created_at', 'created_by',
    'kra_appointed_on', 'kra_appointment_ref',
  ],
  property_expenses: ['status', 'landlord_txn_id', 'decided_at', 'decided_by', 'reversal_txn_id', 'reversal_reason', 'receipt_file', 'receipt_type', 'receipt_name'],
  water_months: ['charged_count', 'amount_cents'],
  // A client account's details and whether it is in use (decision 043); its reconciliations are never changed.
  client_accounts: ['name', 'kind', 'number', 'active', 'updated_at', 'updated_by'],
};

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
    REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${KEPT_TABLES.join(', ')} FROM ${role};
    REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${KYC_AML_TABLES.join(', ')} FROM ${role};
    ${Object.entries(NARROW_UPDATES)
      .map(([table, columns]) => `GRANT UPDATE (${columns.join(', ')}) ON ${table} TO ${role};`)
      .join('\n    ')}
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
    GRANT USAGE ON SCHEMA drizzle TO ${role};
    GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${role};
  `);
}
