import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

type Row = Record<string, string | number | boolean | null>;

/** The newest settings' reporting officer, or null. */
export async function officerOf(db: DbOrTx, agentId: number): Promise<number | null> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`SELECT officer_user_no FROM aml_settings WHERE agent_id = ${agentId} ORDER BY setting_id DESC LIMIT 1`),
  );
  return row?.officer_user_no == null ? null : Number(row.officer_user_no);
}

export async function settingsOf(db: DbOrTx, agentId: number) {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      SELECT officer_user_no, officer_name, officer_contact, frc_registration_no, frc_registered_on::text AS frc_registered_on, created_at
      FROM aml_settings WHERE agent_id = ${agentId} ORDER BY setting_id DESC LIMIT 1`),
  );
  return row ?? null;
}

/** The account's owner and the users it has hired (accepted contracts), by name. */
export async function agencyUsers(db: DbOrTx, agentId: number) {
  return rowsOf<{ user_no: number; name: string }>(
    await db.execute(sql`
      SELECT u.user_no, c.full_name AS name
      FROM users u JOIN clients c ON c.client_no = u.client_no
      WHERE u.user_no IN (
        SELECT a.owner_user_no FROM agents a WHERE a.agent_id = ${agentId}
        UNION SELECT k.user_no FROM agency_user_contracts k WHERE k.agent_id = ${agentId} AND k.status = 'accepted')
      ORDER BY c.full_name, u.user_no`),
  ).map((r) => ({ UserNo: Number(r.user_no), Name: String(r.name) }));
}

export async function insertSettings(
  db: DbOrTx,
  s: { agentId: number; officerUserNo: number | null; officerName: string; officerContact: string; frcNo: string; frcOn: string | null; at: Date; by: number },
) {
  await db.execute(sql`
    INSERT INTO aml_settings (agent_id, officer_user_no, officer_name, officer_contact, frc_registration_no, frc_registered_on, created_at, created_by)
    VALUES (${s.agentId}, ${s.officerUserNo}, ${s.officerName}, ${s.officerContact}, ${s.frcNo}, ${s.frcOn}, ${s.at.toISOString()}, ${s.by})`);
}

/** How the client stands to the agency: landlord of a property it manages, tenant of one of its tenancies. */
export async function subjectKinds(db: DbOrTx, agentId: number, clientNo: number) {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      SELECT c.full_name,
             EXISTS (SELECT 1 FROM properties p WHERE p.agent_id = ${agentId} AND p.landlord_no = c.client_no) AS landlord,
             EXISTS (SELECT 1 FROM tenancies t WHERE t.agent_id = ${agentId} AND t.client_no = c.client_no) AS tenant
      FROM clients c WHERE c.client_no = ${clientNo}`),
  );
  if (!row) return null;
  return { name: String(row.full_name), landlord: Boolean(row.landlord), tenant: Boolean(row.tenant) };
}

/** Landlords and tenants of the agency (a name search, at most 50), with their newest record. */
export async function subjects(db: DbOrTx, agentId: number, q: string | undefined) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%` : null;
  return rowsOf<Row>(
    await db.execute(sql`
      WITH people AS (
        SELECT p.landlord_no AS client_no, 'landlord' AS kind FROM properties p WHERE p.agent_id = ${agentId}
        UNION SELECT t.client_no, 'business_tenant' FROM tenancies t WHERE t.agent_id = ${agentId}
        UNION SELECT k.client_no, k.subject_kind FROM kyc_records k WHERE k.agent_id = ${agentId}
      ), named AS (
        SELECT p.client_no, c.full_name, array_agg(DISTINCT p.kind ORDER BY p.kind) AS kinds
        FROM people p JOIN clients c ON c.client_no = p.client_no
        WHERE ${like}::text IS NULL OR lower(c.full_name) LIKE ${like}
        GROUP BY p.client_no, c.full_name
      )
      SELECT n.client_no, n.full_name, array_to_string(n.kinds, ',') AS kinds, k.version, k.verified_on::text AS verified_on, k.pep,
             (SELECT count(*) FROM kyc_documents d WHERE d.agent_id = ${agentId} AND d.client_no = n.client_no)::int AS documents
      FROM named n
      LEFT JOIN LATERAL (
        SELECT version, verified_on, pep FROM kyc_records r WHERE r.agent_id = ${agentId} AND r.client_no = n.client_no ORDER BY version DESC LIMIT 1
      ) k ON true
      ORDER BY k.version IS NULL, n.full_name, n.client_no
      LIMIT 50`),
  );
}

/** The next version of the subject's record; the unique index turns a race into a retry-able conflict. */
export async function nextVersion(db: DbOrTx, agentId: number, clientNo: number) {
  const [row] = rowsOf<Row>(
    await db.execute(sql`SELECT coalesce(max(version), 0) + 1 AS v FROM kyc_records WHERE agent_id = ${agentId} AND client_no = ${clientNo}`),
  );
  return Number(row!.v);
}

export async function insertRecord(
  db: DbOrTx,
  r: {
    agentId: number; clientNo: number; kind: string; version: number; fullName: string; idKind: string; idNumber: string; kraPin: string;
    pep: boolean; pepDetails: string; verifiedOn: string; note: string; at: Date; by: number;
    owners: { name: string; idNumber: string; shareBp: number; pep: boolean }[];
  },
) {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      INSERT INTO kyc_records (agent_id, client_no, subject_kind, version, full_name, id_kind, id_number, kra_pin, pep, pep_details,
                               verified_on, verified_by, note, created_at, created_by)
      VALUES (${r.agentId}, ${r.clientNo}, ${r.kind}, ${r.version}, ${r.fullName}, ${r.idKind}, ${r.idNumber}, ${r.kraPin}, ${r.pep},
              ${r.pepDetails}, ${r.verifiedOn}, ${r.by}, ${r.note}, ${r.at.toISOString()}, ${r.by})
      RETURNING kyc_id`),
  );
  const kycId = Number(row!.kyc_id);
  if (r.owners.length > 0) {
    const json = JSON.stringify(r.owners.map((o) => ({ full_name: o.name, id_number: o.idNumber, share_bp: o.shareBp, pep: o.pep })));
    await db.execute(sql`
      INSERT INTO kyc_beneficial_owners (kyc_id, full_name, id_number, share_bp, pep, created_at)
      SELECT ${kycId}::bigint, o.full_name, o.id_number, o.share_bp, o.pep, ${r.at.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${json}::jsonb) AS o(full_name text, id_number text, share_bp int, pep boolean)`);
  }
  return kycId;
}

export async function versionsOf(db: DbOrTx, agentId: number, clientNo: number) {
  return rowsOf<Row & { owners: unknown }>(
    await db.execute(sql`
      SELECT r.kyc_id, r.version, r.subject_kind, r.full_name, r.id_kind, r.id_number, r.kra_pin, r.pep, r.pep_details,
             r.verified_on::text AS verified_on, vc.full_name AS verified_by, r.note, r.created_at,
             coalesce((SELECT jsonb_agg(jsonb_build_object('Name', o.full_name, 'IdNumber', o.id_number, 'SharePercent', o.share_bp / 100.0, 'Pep', o.pep)
                                        ORDER BY o.owner_id)
                       FROM kyc_beneficial_owners o WHERE o.kyc_id = r.kyc_id), '[]'::jsonb) AS owners
      FROM kyc_records r
      JOIN users vu ON vu.user_no = r.verified_by JOIN clients vc ON vc.client_no = vu.client_no
      WHERE r.agent_id = ${agentId} AND r.client_no = ${clientNo}
      ORDER BY r.version DESC`),
  );
}

export async function documentsOf(db: DbOrTx, agentId: number, clientNo: number) {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT document_id, description, file_name, content_type, octet_length(bytes) AS size, created_at
      FROM kyc_documents WHERE agent_id = ${agentId} AND client_no = ${clientNo} ORDER BY document_id DESC`),
  );
}

export async function insertDocument(
  db: DbOrTx,
  d: { agentId: number; clientNo: number; description: string; name: string; type: string; bytes: Buffer; at: Date; by: number },
) {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      INSERT INTO kyc_documents (agent_id, client_no, description, file_name, content_type, bytes, created_at, created_by)
      VALUES (${d.agentId}, ${d.clientNo}, ${d.description}, ${d.name}, ${d.type}, ${d.bytes}, ${d.at.toISOString()}, ${d.by})
      RETURNING document_id`),
  );
  return Number(row!.document_id);
}

export async function documentOf(db: DbOrTx, agentId: number, documentId: number) {
  const [row] = rowsOf<{ file_name: string; content_type: string; bytes: Uint8Array }>(
    await db.execute(sql`SELECT file_name, content_type, bytes FROM kyc_documents WHERE agent_id = ${agentId} AND document_id = ${documentId}`),
  );
  return row ?? null;
}

/** The dated thresholds an agency sees: its own and those every agency starts with. */
export async function thresholdsOf(db: DbOrTx, agentId: number) {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT threshold_id, from_date::text AS from_date, usd_cents, ksh_per_usd::float8 AS ksh_per_usd,
             round(usd_cents * ksh_per_usd)::bigint AS ksh_cents, source, agent_id IS NOT NULL AS own
      FROM aml_thresholds WHERE agent_id = ${agentId} OR agent_id IS NULL
      ORDER BY from_date DESC, agent_id IS NULL, created_at DESC`),
  );
}

export async function insertThreshold(db: DbOrTx, t: { agentId: number; fromDate: string; usdCents: number; rate: number; source: string; at: Date; by: number }) {
  await db.execute(sql`
    INSERT INTO aml_thresholds (agent_id, from_date, usd_cents, ksh_per_usd, source, created_at, created_by)
    VALUES (${t.agentId}, ${t.fromDate}, ${t.usdCents}, ${t.rate}, ${t.source}, ${t.at.toISOString()}, ${t.by})`);
}

/**
 * Receipts (any method) and payouts of the period at or above the threshold
 * of their day, computed from the journals in one statement, beside what was
 * logged on entry and the newest review of each.
 */
export async function thresholdItems(db: DbOrTx, agentId: number, from: string, to: string, only?: { source: string; sourceId: number }) {
  const source = only?.source ?? null;
  const sourceId = only?.sourceId ?? null;
  return rowsOf<Row>(
    await db.execute(sql`
      WITH money AS (
        SELECT 'receipt' AS source, t.txn_id AS source_id, (t.posted_at AT TIME ZONE 'Africa/Nairobi')::date AS money_date,
               sum(l.debit_cents)::bigint AS amount_cents, c.client_no, c.full_name AS party,
               CASE WHEN t.idempotency_key LIKE 'mpesa:%' THEN 'M-Pesa' ELSE t.details END AS method,
               coalesce(substring(t.idempotency_key from '^mpesa:([^#]+)'), 'RCT-' || lpad(t.receipt_no::text, 6, '0')) AS reference
        FROM journal_transactions t
        JOIN journal_lines l ON l.txn_id = t.txn_id AND l.account = 'ledger' AND l.debit_cents > 0
        JOIN tenancies y ON y.tenancy_id = t.tenancy_id
        JOIN clients c ON c.client_no = y.client_no
        WHERE t.agent_id = ${agentId} AND t.kind = 'receipt'
          AND t.posted_at >= (${from}::date::timestamp AT TIME ZONE 'Africa/Nairobi')
          AND t.posted_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Africa/Nairobi')
          AND (${source}::text IS NULL OR (${source}::text = 'receipt' AND t.txn_id = ${sourceId}::bigint))
        GROUP BY t.txn_id, c.client_no, c.full_name
        UNION ALL
        SELECT 'payout', p.payout_id, p.payout_date, p.amount_cents, c.client_no, c.full_name, p.method, p.reference
        FROM landlord_payouts p JOIN clients c ON c.client_no = p.landlord_no
        WHERE p.agent_id = ${agentId} AND p.payout_date BETWEEN ${from}::date AND ${to}::date
          AND (${source}::text IS NULL OR (${source}::text = 'payout' AND p.payout_id = ${sourceId}::bigint))
      )
      SELECT m.*, m.money_date::text AS money_day, aml_threshold_cents(${agentId}, m.money_date) AS threshold_cents,
             a.item_id, a.created_at AS logged_at, r.status, r.note AS status_note
      FROM money m
      LEFT JOIN aml_log a ON a.agent_id = ${agentId} AND a.source = m.source AND a.source_id = m.source_id
      LEFT JOIN LATERAL (SELECT status, note FROM aml_log_reviews v WHERE v.item_id = a.item_id ORDER BY v.review_id DESC LIMIT 1) r ON true
      WHERE m.amount_cents >= aml_threshold_cents(${agentId}, m.money_date)
      ORDER BY m.money_date DESC, m.source, m.source_id DESC`),
  );
}

/** The item in the log, written now if it was not logged on entry (a threshold dated back, say). */
export async function ensureLogged(db: DbOrTx, agentId: number, item: { source: string; sourceId: number; moneyDate: string; amount: number; threshold: number }) {
  await db.execute(sql`
    INSERT INTO aml_log (agent_id, source, source_id, money_date, amount_cents, threshold_cents)
    VALUES (${agentId}, ${item.source}, ${item.sourceId}, ${item.moneyDate}, ${item.amount}, ${item.threshold})
    ON CONFLICT (agent_id, source, source_id) DO NOTHING`);
  const [row] = rowsOf<Row>(
    await db.execute(sql`SELECT item_id FROM aml_log WHERE agent_id = ${agentId} AND source = ${item.source} AND source_id = ${item.sourceId}`),
  );
  return Number(row!.item_id);
}

export async function insertReview(db: DbOrTx, r: { itemId: number; status: string; note: string; at: Date; by: number }) {
  await db.execute(sql`
    INSERT INTO aml_log_reviews (item_id, status, note, created_at, created_by) VALUES (${r.itemId}, ${r.status}, ${r.note}, ${r.at.toISOString()}, ${r.by})`);
}

export async function insertSuspicion(
  db: DbOrTx,
  s: {
    agentId: number; clientNo: number | null; subjectName: string; subjectDetails: string; transactionDetails: string; amount: number | null;
    occurredOn: string; grounds: string; at: Date; by: number;
  },
) {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      INSERT INTO aml_suspicions (agent_id, client_no, subject_name, subject_details, transaction_details, amount_cents, occurred_on, grounds, created_at, created_by)
      VALUES (${s.agentId}, ${s.clientNo}, ${s.subjectName}, ${s.subjectDetails}, ${s.transactionDetails}, ${s.amount}, ${s.occurredOn}, ${s.grounds},
              ${s.at.toISOString()}, ${s.by})
      RETURNING suspicion_id`),
  );
  return Number(row!.suspicion_id);
}

export async function suspicionsOf(db: DbOrTx, agentId: number, suspicionId?: number) {
  const id = suspicionId ?? null;
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT s.suspicion_id, s.client_no, s.subject_name, s.subject_details, s.transaction_details, s.amount_cents, s.occurred_on::text AS occurred_on,
             s.grounds, s.created_at, c.full_name AS recorded_by
      FROM aml_suspicions s JOIN users u ON u.user_no = s.created_by JOIN clients c ON c.client_no = u.client_no
      WHERE s.agent_id = ${agentId} AND (${id}::bigint IS NULL OR s.suspicion_id = ${id}::bigint)
      ORDER BY s.suspicion_id DESC`),
  );
}

/** The reporting institution as the draft report names it. */
export async function institutionOf(db: DbOrTx, agentId: number) {
  const [row] = rowsOf<Row>(await db.execute(sql`SELECT agent_name, kra_pin, address FROM agents WHERE agent_id = ${agentId}`));
  return { name: String(row?.agent_name ?? ''), pin: String(row?.kra_pin ?? ''), address: String(row?.address ?? '') };
}
