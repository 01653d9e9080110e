import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * The MRI lines of the month: rent (MRI is on rent alone, not service
 * charges or water) collected on residential properties (by the agreement in
 * force on each collection's day; a property without one counts as
 * residential) and the tax withheld on it, by the month the rent concerns —
 * a reversal the month of the rent it takes back, so no month is left with
 * only a reversal's negative rent. `amends`: posted after the month closed,
 * an amendment's (docs/decisions/036-closed-months.md).
 */
const LINES = (agentId: number, from: string, landlordNo: number | null) => sql`
  SELECT l.landlord_no, l.txn_id, t.amends,
    CASE WHEN l.account = 'collected' AND coalesce(l.sub_account, 'rent') = 'rent'
      AND coalesce((SELECT m.property_use FROM management_agreements m
                    WHERE m.prop_id = t.prop_id AND m.effective_from <= t.money_date ORDER BY m.effective_from DESC LIMIT 1), 'residential') = 'residential'
      THEN l.debit_cents - l.credit_cents ELSE 0 END AS gross,
    CASE WHEN l.account = 'tax_payable' THEN l.credit_cents - l.debit_cents ELSE 0 END AS withheld
  FROM landlord_lines l JOIN landlord_txns t ON t.txn_id = l.txn_id LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
  WHERE l.agent_id = ${agentId} AND t.concerns_month = ${from}::date ${landlordNo === null ? sql`` : sql`AND l.landlord_no = ${landlordNo}`}
    AND l.account IN ('collected', 'tax_payable') AND coalesce(o.kind, t.kind) = 'collection'`;

/**
 * Per landlord of the agent with rent concerning the month: the month's own
 * gross rent and tax withheld (what was posted while it was open), its own
 * payment to KRA, and the MRI rate in force at the month's start.
 */
export async function monthFigures(db: DbOrTx, agentId: number, from: string, landlordNo: number | null = null) {
  const result = await db.execute(sql`
    WITH lines AS (${LINES(agentId, from, landlordNo)})
    SELECT x.landlord_no, c.full_name, d.kra_pin,
      coalesce(sum(x.gross) FILTER (WHERE NOT x.amends), 0)::bigint AS gross,
      coalesce(sum(x.withheld) FILTER (WHERE NOT x.amends), 0)::bigint AS withheld,
      k.amount_cents AS paid, k.paid_on::text AS paid_on, k.reference,
      (SELECT rate_bp FROM mri_rates WHERE effective_from <= ${from}::date ORDER BY effective_from DESC LIMIT 1) AS rate_bp
    FROM lines x JOIN clients c ON c.client_no = x.landlord_no LEFT JOIN landlord_tax_details d ON d.client_no = x.landlord_no
    LEFT JOIN kra_payments k ON k.agent_id = ${agentId} AND k.landlord_no = x.landlord_no AND k.tax_month = ${from}::date AND k.amendment_no = 0
    GROUP BY x.landlord_no, c.full_name, d.kra_pin, k.amount_cents, k.paid_on, k.reference
    ORDER BY c.full_name, x.landlord_no`);
  return rowsOf<Record<string, string | number | null>>(result);
}

/** What was posted on the month after it closed, per landlord: late rent less reversals, and the tax withheld on it. */
export async function amendingTotals(db: DbOrTx, agentId: number, from: string, landlordNo: number | null = null) {
  const result = await db.execute(sql`
    WITH lines AS (${LINES(agentId, from, landlordNo)})
    SELECT landlord_no, sum(gross)::bigint AS gross, sum(withheld)::bigint AS withheld
    FROM lines WHERE amends GROUP BY landlord_no`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    landlordNo: Number(r.landlord_no),
    gross: Number(r.gross),
    withheld: Number(r.withheld),
  }));
}

/** The month's paid amendments, per landlord, in order. */
export async function amendmentPayments(db: DbOrTx, agentId: number, from: string, landlordNo: number | null = null) {
  const result = await db.execute(sql`
    SELECT landlord_no, amendment_no, amount_cents, gross_cents, paid_on::text AS paid_on, reference
    FROM kra_payments
    WHERE agent_id = ${agentId} AND tax_month = ${from}::date AND amendment_no > 0 ${landlordNo === null ? sql`` : sql`AND landlord_no = ${landlordNo}`}
    ORDER BY landlord_no, amendment_no`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    landlordNo: Number(r.landlord_no),
    no: Number(r.amendment_no),
    amount: Number(r.amount_cents),
    paidOn: String(r.paid_on),
    reference: String(r.reference),
    gross: Number(r.gross_cents),
  }));
}

export async function kraPaymentOf(db: DbOrTx, agentId: number, landlordNo: number, month: string) {
  const result = await db.execute(sql`
    SELECT payment_id FROM kra_payments WHERE agent_id = ${agentId} AND landlord_no = ${landlordNo} AND tax_month = ${month}::date AND amendment_no = 0`);
  return rowsOf(result).length > 0;
}

export async function insertKraPayment(
  db: DbOrTx,
  p: {
    agentId: number;
    landlordNo: number;
    month: string;
    amount: number;
    paidOn: string;
    reference: string;
    txnId: number;
    at: Date;
    by: number;
    amendmentNo?: number;
    gross?: number | null;
    prn?: string | null;
  },
) {
  await db.execute(sql`
    INSERT INTO kra_payments (agent_id, landlord_no, tax_month, amount_cents, paid_on, reference, landlord_txn_id, created_at, created_by, amendment_no, gross_cents, prn)
    VALUES (${p.agentId}, ${p.landlordNo}, ${p.month}::date, ${p.amount}, ${p.paidOn}, ${p.reference}, ${p.txnId}, ${p.at.toISOString()}, ${p.by},
            ${p.amendmentNo ?? 0}, ${p.gross ?? null}, ${p.prn ?? null})`);
}

/**
 * The month's rent and tax per landlord, property and tenancy (the pack's
 * lines): what the MRI report counts for the month (rent on residential
 * property, posted while the month was open), and commercial rent beside it
 * for its tenants' PINs. A reversal falls on the tenancy of what it reverses.
 */
export async function packLines(db: DbOrTx, agentId: number, from: string) {
  const result = await db.execute(sql`
    WITH lines AS (
      SELECT l.landlord_no, coalesce(t.prop_id, o.prop_id) AS prop_id, coalesce(t.tenancy_id, o.tenancy_id) AS tenancy_id,
        coalesce((SELECT m.property_use FROM management_agreements m
                  WHERE m.prop_id = coalesce(t.prop_id, o.prop_id) AND m.effective_from <= t.money_date
                  ORDER BY m.effective_from DESC LIMIT 1), 'residential') AS use,
        CASE WHEN l.account = 'collected' AND coalesce(l.sub_account, 'rent') = 'rent' THEN l.debit_cents - l.credit_cents ELSE 0 END AS gross,
        CASE WHEN l.account = 'tax_payable' THEN l.credit_cents - l.debit_cents ELSE 0 END AS withheld,
        t.money_date
      FROM landlord_lines l JOIN landlord_txns t ON t.txn_id = l.txn_id LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
      WHERE l.agent_id = ${agentId} AND t.concerns_month = ${from}::date AND NOT t.amends
        AND l.account IN ('collected', 'tax_payable') AND coalesce(o.kind, t.kind) = 'collection')
    SELECT x.landlord_no, x.prop_id, x.tenancy_id, x.use = 'commercial' AS commercial,
      sum(x.gross)::bigint AS gross, sum(x.withheld)::bigint AS withheld,
      (min(x.money_date) FILTER (WHERE x.withheld > 0))::text AS withheld_on,
      p.property_name, p.lr_number, p.erits_ref, c.full_name AS tenant_name, c.kra_pin AS tenant_pin, c.client_no AS tenant_no
    FROM lines x
    LEFT JOIN properties p ON p.prop_id = x.prop_id
    LEFT JOIN tenancies tn ON tn.tenancy_id = x.tenancy_id
    LEFT JOIN clients c ON c.client_no = tn.client_no
    GROUP BY x.landlord_no, x.prop_id, x.tenancy_id, x.use, p.property_name, p.lr_number, p.erits_ref, c.full_name, c.kra_pin, c.client_no
    HAVING sum(x.gross) <> 0 OR sum(x.withheld) <> 0
    ORDER BY p.property_name, x.prop_id, c.full_name, x.tenancy_id`);
  return rowsOf<Record<string, string | number | boolean | null>>(result);
}

/**
 * The agency's landlords (of its properties) with their PIN, KRA's
 * appointment on their newest agreement in force by the month's end, and the
 * month's own payment to KRA: every landlord gets a line, a NIL one without rent.
 */
export async function packLandlords(db: DbOrTx, agentId: number, from: string, to: string) {
  const result = await db.execute(sql`
    SELECT c.client_no AS landlord_no, c.full_name, d.kra_pin,
      (SELECT m.kra_appointment_ref FROM management_agreements m JOIN properties q ON q.prop_id = m.prop_id
       WHERE m.agent_id = ${agentId} AND q.landlord_no = c.client_no AND m.effective_from <= ${to}::date AND m.withholds_tax
       ORDER BY m.effective_from DESC LIMIT 1) AS appointment_ref,
      k.paid_on::text AS paid_on, k.prn, k.reference,
      (SELECT rate_bp FROM mri_rates WHERE effective_from <= ${from}::date ORDER BY effective_from DESC LIMIT 1) AS rate_bp
    FROM clients c
    LEFT JOIN landlord_tax_details d ON d.client_no = c.client_no
    LEFT JOIN kra_payments k ON k.agent_id = ${agentId} AND k.landlord_no = c.client_no AND k.tax_month = ${from}::date AND k.amendment_no = 0
    WHERE c.client_no IN (SELECT landlord_no FROM properties WHERE agent_id = ${agentId})
    ORDER BY c.full_name, c.client_no`);
  return rowsOf<Record<string, string | number | null>>(result);
}

export async function remittanceRule(db: DbOrTx, agentId: number): Promise<string | null> {
  const result = await db.execute(sql`SELECT remittance_rule FROM rental_tax_settings WHERE agent_id = ${agentId}`);
  return rowsOf<{ remittance_rule: string }>(result)[0]?.remittance_rule ?? null;
}

export async function saveRemittanceRule(db: DbOrTx, agentId: number, rule: string, at: Date, by: number) {
  await db.execute(sql`
    INSERT INTO rental_tax_settings (agent_id, remittance_rule, updated_at, updated_by)
    VALUES (${agentId}, ${rule}, ${at.toISOString()}, ${by})
    ON CONFLICT (agent_id) DO UPDATE SET remittance_rule = EXCLUDED.remittance_rule, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`);
}

/**
 * Sets a property's KRA references; false when the property is not the agency's. Asked first, because an
 * UPDATE of no row still fires the properties' statement triggers (the Find House version), a write
 * another agency's request must never cause.
 */
export async function savePropertyTaxRef(db: DbOrTx, agentId: number, propId: number, lrNumber: string | null, eritsRef: string | null) {
  const owned = await db.execute(sql`SELECT 1 FROM properties WHERE prop_id = ${propId} AND agent_id = ${agentId}`);
  if (rowsOf(owned).length === 0) return false;
  await db.execute(sql`
    UPDATE properties SET lr_number = ${lrNumber}, erits_ref = ${eritsRef}
    WHERE prop_id = ${propId} AND agent_id = ${agentId}`);
  return true;
}
