import { sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@makazi/domain';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * Posting to the landlord journal (docs/decisions/012-landlord-journal.md).
 * Each function inserts a transaction with all of its lines in one statement,
 * so the per-statement check (balanced, one agent and landlord) sees it whole.
 */

export type LandlordAccount = 'collected' | 'landlord' | 'commission' | 'tax_payable' | 'cash' | 'pass_through' | 'vat_output';
export type LandlordKind = 'collection' | 'expense' | 'payout' | 'tax_payment' | 'pass_through_payment' | 'fee_transfer' | 'opening_balance';

export interface LandlordLine {
  account: LandlordAccount;
  /** Signed: positive is a credit, negative a debit. Zero lines are left out. */
  credit: number;
  /** For a collection: the tenant's sub-account the money was paid on (rent, water, penalty, charge:<id>). */
  sub?: string;
}

export interface LandlordTxn {
  agentId: number;
  kind: LandlordKind;
  landlordNo: number;
  propId: number | null;
  tenancyId: number | null;
  journalTxnId: number | null;
  postedAt: Date;
  moneyDate: string;
  details: string;
  postedBy: number;
  lines: LandlordLine[];
}

/** Answers the new transaction's id. */
export async function postLandlordTxn(db: DbOrTx, t: LandlordTxn): Promise<number> {
  return (await postLandlordTxns(db, [t]))[0]!;
}

/**
 * Any number of transactions with all of their lines in one statement (an
 * import levels thousands of tenancies at once), so the statement's balance
 * check sees each whole. Answers their ids in the order given.
 */
export async function postLandlordTxns(db: DbOrTx, txns: readonly LandlordTxn[]): Promise<number[]> {
  if (txns.length === 0) return [];
  const json = JSON.stringify(
    txns.map((t) => ({
      agent_id: t.agentId,
      kind: t.kind,
      landlord_no: t.landlordNo,
      prop_id: t.propId,
      tenancy_id: t.tenancyId,
      journal_txn_id: t.journalTxnId,
      posted_at: t.postedAt.toISOString(),
      money_date: t.moneyDate,
      details: t.details,
      posted_by: t.postedBy,
      lines: t.lines
        .filter((l) => l.credit !== 0)
        .map((l) => ({ account: l.account, sub: l.sub ?? null, debit: Math.max(-l.credit, 0), credit: Math.max(l.credit, 0) })),
    })),
  );
  const result = await db.execute(sql`
    WITH staged AS (
      SELECT t.*, a.e->'lines' AS lines, a.ord
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS a(e, ord),
        jsonb_to_record(a.e) AS t(agent_id bigint, kind text, landlord_no bigint, prop_id bigint, tenancy_id bigint, journal_txn_id bigint,
                                  posted_at timestamptz, money_date date, details text, posted_by bigint)
    ),
    numbered AS (
      -- Ids taken up front, so the lines are written from the same rows as their transaction, without a join back.
      SELECT s.*, nextval(pg_get_serial_sequence('landlord_txns', 'txn_id')) AS txn_id FROM staged s
    ),
    txn AS (
      INSERT INTO landlord_txns (txn_id, agent_id, kind, landlord_no, prop_id, tenancy_id, journal_txn_id, posted_at, money_date, details, posted_by)
      OVERRIDING SYSTEM VALUE
      SELECT txn_id, agent_id, kind, landlord_no, prop_id, tenancy_id, journal_txn_id, posted_at, money_date, details, posted_by FROM numbered
    ),
    lines AS (
      INSERT INTO landlord_lines (txn_id, agent_id, account, sub_account, landlord_no, prop_id, tenancy_id, debit_cents, credit_cents)
      SELECT n.txn_id, n.agent_id, l.account, l.sub, n.landlord_no, n.prop_id, n.tenancy_id, l.debit, l.credit
      FROM numbered n, jsonb_to_recordset(n.lines) AS l(account text, sub text, debit bigint, credit bigint)
    )
    SELECT txn_id FROM numbered ORDER BY ord`);
  return rowsOf<{ txn_id: string | number }>(result).map((r) => Number(r.txn_id));
}

/**
 * The contra entries of every landlord transaction a tenants' journal
 * transaction made (its landlord share, commission and tax), each at most once.
 */
export async function postLandlordReversals(
  db: DbOrTx,
  r: { agentId: number; originalJournalTxnId: number; journalTxnId: number; details: string; postedAt: Date; moneyDate: string; postedBy: number },
) {
  await db.execute(sql`
    WITH txn AS (
      INSERT INTO landlord_txns (agent_id, kind, landlord_no, prop_id, tenancy_id, journal_txn_id, reverses_txn_id, posted_at, money_date, details, posted_by)
      SELECT agent_id, 'reversal', landlord_no, prop_id, tenancy_id, ${r.journalTxnId}::bigint, txn_id, ${r.postedAt.toISOString()}::timestamptz,
             ${r.moneyDate}::date, ${r.details}::text, ${r.postedBy}::bigint
      FROM landlord_txns o
      WHERE o.journal_txn_id = ${r.originalJournalTxnId} AND o.agent_id = ${r.agentId} AND o.kind <> 'reversal'
      ORDER BY o.txn_id
      ON CONFLICT (reverses_txn_id) WHERE reverses_txn_id IS NOT NULL DO NOTHING
      RETURNING txn_id, reverses_txn_id
    )
    INSERT INTO landlord_lines (txn_id, agent_id, account, sub_account, landlord_no, prop_id, tenancy_id, debit_cents, credit_cents)
    SELECT txn.txn_id, share.agent_id, share.account, share.sub_account, share.landlord_no, share.prop_id, share.tenancy_id, share.credit_cents, share.debit_cents
    FROM txn JOIN landlord_lines share ON share.txn_id = txn.reverses_txn_id`);
}

/**
 * The journal kinds that charge a tenant for something other than the deposit: their net is what was charged on a sub-account.
 * Arrears brought forward at go-live count as charged: collected, they are the owner's money, commission and tax taken then (decision 042).
 */
const CHARGE_KINDS = sql.raw(`'rent_charge', 'recurring_charge', 'water_charge', 'penalty', 'opening_arrears'`);

export interface CollectionDue {
  tenancyId: number;
  agentId: number;
  propId: number;
  landlordNo: number;
  /** The tenant's sub-account: rent, water, penalty or charge:<id>. */
  sub: string;
  /** Charged on it (net of reversed charges), of which passed through to a third party, and what stays owed. */
  charged: number;
  chargedPassedOn: number;
  owed: number;
  /** What the landlord journal already counts as collected on it, and of that what it owes onward. */
  recognized: number;
  recognizedPassedOn: number;
  commissionBp: number;
  taxBp: number;
  /** The day the agency is VAT-registered from, null when it is not (decision 054). */
  vatFrom: string | null;
}

/** A list of ids as one array parameter: any number of them, where a list of parameters stops at 65,535. */
const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * Takes the tenancies' balance rows, in one order, so the sums
 * `collectionState` reads next come after any posting of the same tenancy
 * that held them has committed. The balance row, not the tenancy: every
 * posting already holds its balance row (the journal's trigger updates it),
 * so this adds no lock another posting could wait on in the other order.
 */
export async function lockCollections(db: DbOrTx, tenancyIds: readonly number[]) {
  if (tenancyIds.length === 0) return;
  await db.execute(sql`SELECT tenancy_id FROM tenancy_balances WHERE tenancy_id = ANY(${idArray(tenancyIds)}::bigint[]) ORDER BY tenancy_id FOR UPDATE`);
}

/**
 * For each tenancy asked and each of its sub-accounts but the deposit (which
 * stays the tenant's until applied): what was charged (net of reversed
 * charges, and the part passed through), what stays owed, what the landlord
 * journal already counts, and the terms on the tenancy's `day` — the
 * agreement then in force and the MRI rate then. Commission where the
 * agreement names the sub-account's kind; MRI on rent alone. One statement
 * whatever the number of tenancies; `lockCollections` first.
 */
export async function collectionState(db: DbOrTx, asked: readonly { tenancyId: number; day: string }[]): Promise<CollectionDue[]> {
  if (asked.length === 0) return [];
  const ids = idArray(asked.map((a) => a.tenancyId));
  const days = `{${asked.map((a) => a.day).join(',')}}`;
  const result = await db.execute(sql`
    WITH tenant AS (
      SELECT l.tenancy_id, l.sub_account AS sub,
        sum(l.debit_cents - l.credit_cents) FILTER (WHERE coalesce(o.kind, j.kind) IN (${CHARGE_KINDS})) AS charged,
        sum(l.debit_cents - l.credit_cents) FILTER (WHERE coalesce(o.kind, j.kind) IN (${CHARGE_KINDS}) AND EXISTS (
          SELECT 1 FROM journal_lines p WHERE p.txn_id = coalesce(o.txn_id, j.txn_id) AND p.account = 'pass_through')) AS charged_passed_on,
        sum(l.debit_cents - l.credit_cents) AS owed
      FROM journal_lines l
      JOIN journal_transactions j ON j.txn_id = l.txn_id
      LEFT JOIN journal_transactions o ON o.txn_id = j.reverses_txn_id
      WHERE l.account = 'tenant' AND l.tenancy_id = ANY(${ids}::bigint[]) AND l.sub_account <> 'deposit'
      GROUP BY l.tenancy_id, l.sub_account
    ),
    counted AS (
      SELECT ll.tenancy_id, coalesce(ll.sub_account, 'rent') AS sub,
        sum(ll.debit_cents - ll.credit_cents) FILTER (WHERE ll.account = 'collected') AS recognized,
        sum(ll.credit_cents - ll.debit_cents) FILTER (WHERE ll.account = 'pass_through') AS recognized_passed_on
      FROM landlord_lines ll
      WHERE ll.tenancy_id = ANY(${ids}::bigint[]) AND ll.account IN ('collected', 'pass_through')
      GROUP BY 1, 2
    )
    SELECT t.tenancy_id, t.agent_id, h.prop_id, p.landlord_no, s.sub,
      coalesce(x.charged, 0)::bigint AS charged, coalesce(x.charged_passed_on, 0)::bigint AS charged_passed_on, coalesce(x.owed, 0)::bigint AS owed,
      coalesce(c.recognized, 0)::bigint AS recognized, coalesce(c.recognized_passed_on, 0)::bigint AS recognized_passed_on,
      CASE WHEN (CASE WHEN s.sub LIKE 'charge:%' THEN 'service' ELSE s.sub END) = ANY(a.commission_kinds) THEN coalesce(a.commission_bp, 0) ELSE 0 END AS commission_bp,
      CASE WHEN s.sub = 'rent' AND a.withholds_tax AND a.property_use = 'residential' THEN coalesce(r.rate_bp, 0) ELSE 0 END AS tax_bp,
      ag.vat_registered_from::text AS vat_from
    FROM unnest(${ids}::bigint[], ${days}::date[]) AS q(tenancy_id, day)
    JOIN tenancies t ON t.tenancy_id = q.tenancy_id
    JOIN agents ag ON ag.agent_id = t.agent_id
    JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id
    JOIN (SELECT tenancy_id, sub FROM tenant UNION SELECT tenancy_id, sub FROM counted) s ON s.tenancy_id = t.tenancy_id
    LEFT JOIN tenant x ON x.tenancy_id = s.tenancy_id AND x.sub = s.sub
    LEFT JOIN counted c ON c.tenancy_id = s.tenancy_id AND c.sub = s.sub
    LEFT JOIN LATERAL (
      SELECT commission_bp, commission_kinds, withholds_tax, property_use FROM management_agreements m
      WHERE m.prop_id = h.prop_id AND m.effective_from <= q.day ORDER BY m.effective_from DESC LIMIT 1
    ) a ON true
    LEFT JOIN LATERAL (
      SELECT rate_bp FROM mri_rates WHERE effective_from <= q.day ORDER BY effective_from DESC LIMIT 1
    ) r ON true
    ORDER BY t.tenancy_id, s.sub = 'rent' DESC, s.sub`);
  return rowsOf<Record<string, string | number | null>>(result).map((r) => ({
    tenancyId: Number(r.tenancy_id),
    agentId: Number(r.agent_id),
    propId: Number(r.prop_id),
    landlordNo: Number(r.landlord_no),
    sub: String(r.sub),
    charged: Number(r.charged),
    chargedPassedOn: Number(r.charged_passed_on),
    owed: Number(r.owed),
    recognized: Number(r.recognized),
    recognizedPassedOn: Number(r.recognized_passed_on),
    commissionBp: Number(r.commission_bp),
    taxBp: Number(r.tax_bp),
    vatFrom: r.vat_from == null ? null : String(r.vat_from),
  }));
}

/** Tenancies a run charged that had rent paid ahead: their credit now pays the new charge. */
export async function runTenanciesWithCredit(db: DbOrTx, agentId: number, runId: number): Promise<number[]> {
  const result = await db.execute(sql`
    SELECT j.tenancy_id
    FROM journal_transactions j
    JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'tenant'
    JOIN tenancy_balances b ON b.tenancy_id = j.tenancy_id
    WHERE j.agent_id = ${agentId} AND j.invoice_run_id = ${runId}
    GROUP BY j.tenancy_id, b.balance_cents, b.deposit_due_cents
    HAVING b.balance_cents - b.deposit_due_cents < sum(l.debit_cents)`);
  return rowsOf<{ tenancy_id: string | number }>(result).map((r) => Number(r.tenancy_id));
}

/**
 * Takes the landlord's row for this transaction, so of two payouts (or an
 * expense and a payout) at once the second reads the balance the first left.
 */
export async function lockLandlord(db: DbOrTx, landlordNo: number) {
  await db.execute(sql`SELECT client_no FROM clients WHERE client_no = ${landlordNo} FOR UPDATE`);
}

/** What the agent owes the landlord: the landlord account's credits less its debits. */
export async function landlordBalance(db: DbOrTx, agentId: number, landlordNo: number): Promise<number> {
  const result = await db.execute(sql`
    SELECT coalesce(sum(credit_cents - debit_cents), 0)::bigint AS balance
    FROM landlord_lines WHERE agent_id = ${agentId} AND landlord_no = ${landlordNo} AND account = 'landlord'`);
  return Number(rowsOf<{ balance: string | number }>(result)[0]?.balance ?? 0);
}

/** A landlord of one of the agent's properties, with the name the agency knows them by. */
export async function landlordOfAgent(db: DbOrTx, agentId: number, landlordNo: number) {
  const result = await db.execute(sql`
    SELECT c.client_no, c.full_name FROM clients c
    WHERE c.client_no = ${landlordNo} AND EXISTS (SELECT 1 FROM properties p WHERE p.agent_id = ${agentId} AND p.landlord_no = c.client_no)`);
  const row = rowsOf<{ client_no: string | number; full_name: string }>(result)[0];
  return row ? { landlordNo: Number(row.client_no), name: row.full_name } : null;
}

/** The contra entry of one landlord transaction; null when it was already reversed. */
export async function reverseLandlordTxn(
  db: DbOrTx,
  r: { agentId: number; txnId: number; details: string; postedAt: Date; moneyDate: string; postedBy: number },
): Promise<number | null> {
  const result = await db.execute(sql`
    WITH txn AS (
      INSERT INTO landlord_txns (agent_id, kind, landlord_no, prop_id, tenancy_id, journal_txn_id, reverses_txn_id, posted_at, money_date, details, posted_by)
      SELECT agent_id, 'reversal', landlord_no, prop_id, tenancy_id, NULL, txn_id, ${r.postedAt.toISOString()}::timestamptz,
             ${r.moneyDate}::date, ${r.details}::text, ${r.postedBy}::bigint
      FROM landlord_txns WHERE txn_id = ${r.txnId} AND agent_id = ${r.agentId}
      ON CONFLICT (reverses_txn_id) WHERE reverses_txn_id IS NOT NULL DO NOTHING
      RETURNING txn_id, reverses_txn_id
    ),
    lines AS (
      INSERT INTO landlord_lines (txn_id, agent_id, account, sub_account, landlord_no, prop_id, tenancy_id, debit_cents, credit_cents)
      SELECT txn.txn_id, l.agent_id, l.account, l.sub_account, l.landlord_no, l.prop_id, l.tenancy_id, l.credit_cents, l.debit_cents
      FROM txn JOIN landlord_lines l ON l.txn_id = txn.reverses_txn_id
    )
    SELECT txn_id FROM txn`);
  const row = rowsOf<{ txn_id: string | number }>(result)[0];
  return row ? Number(row.txn_id) : null;
}

/** The account's name, as its papers are headed. */
export async function agencyName(db: DbOrTx, agentId: number): Promise<string> {
  const result = await db.execute(sql`SELECT agent_name FROM agents WHERE agent_id = ${agentId}`);
  return String(rowsOf<{ agent_name: string }>(result)[0]?.agent_name ?? '');
}

/** The landlord's preferred language: the papers they are given (owner statement, remittance advice, tax certificate) are in it, whoever downloads them. */
export async function landlordLanguage(db: DbOrTx, landlordNo: number): Promise<Language> {
  const result = await db.execute(sql`SELECT preferred_language FROM clients WHERE client_no = ${landlordNo}`);
  const language = rowsOf<{ preferred_language: string | null }>(result)[0]?.preferred_language;
  return isLanguage(language) ? language : 'en';
}
