import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';
import { ledgerTotals } from '../ledger/ledger-money';

/** The property's landlord, when the property is the agent's. */
export async function propertyOf(db: DbOrTx, agentId: number, propId: number) {
  const result = await db.execute(
    sql`SELECT prop_id, landlord_no FROM properties WHERE prop_id = ${propId} AND agent_id = ${agentId}`,
  );
  const row = rowsOf<{ prop_id: string | number; landlord_no: string | number }>(result)[0];
  return row ? { propId: Number(row.prop_id), landlordNo: Number(row.landlord_no) } : null;
}

/** A client the agent registered, or the landlord of one of its properties (a landlord account's owner). */
export async function ownLandlord(db: DbOrTx, agentId: number, clientNo: number) {
  const result = await db.execute(sql`
    SELECT client_no FROM clients c WHERE c.client_no = ${clientNo}
      AND (c.capturing_agent_id = ${agentId} OR EXISTS (SELECT 1 FROM properties p WHERE p.agent_id = ${agentId} AND p.landlord_no = c.client_no))`);
  return rowsOf(result).length > 0;
}

export interface AgreementRow {
  agentId: number;
  propId: number;
  effectiveFrom: string;
  commissionBp: number;
  fixedFeeCents: number;
  commissionKinds: string[];
  withholdsTax: boolean;
  propertyUse: string;
  payoutMethod: string;
  payoutBank: string;
  payoutAccount: string;
  payoutPhone: string;
  remittanceDay: number;
  approvalThresholdCents: number | null;
  noCommission: boolean;
  kraAppointedOn: string | null;
  kraAppointmentRef: string | null;
  createdAt: Date;
  createdBy: number;
}

/** A new agreement from its day on; a second one for the same day replaces it (entries already posted keep their amounts). */
export async function saveAgreement(db: DbOrTx, a: AgreementRow) {
  const kinds = `{${a.commissionKinds.join(',')}}`;
  const result = await db.execute(sql`
    INSERT INTO management_agreements (agent_id, prop_id, effective_from, commission_bp, fixed_fee_cents, commission_kinds, withholds_tax,
      property_use, payout_method, payout_bank, payout_account, payout_phone, remittance_day, approval_threshold_cents, no_commission, created_at, created_by,
      kra_appointed_on, kra_appointment_ref)
    VALUES (${a.agentId}, ${a.propId}, ${a.effectiveFrom}, ${a.commissionBp}, ${a.fixedFeeCents}, ${kinds}::text[], ${a.withholdsTax},
      ${a.propertyUse}, ${a.payoutMethod}, ${a.payoutBank}, ${a.payoutAccount}, ${a.payoutPhone}, ${a.remittanceDay}, ${a.approvalThresholdCents},
      ${a.noCommission}, ${a.createdAt.toISOString()}, ${a.createdBy}, ${a.kraAppointedOn}::date, ${a.kraAppointmentRef})
    ON CONFLICT (prop_id, effective_from) DO UPDATE SET
      commission_bp = EXCLUDED.commission_bp, fixed_fee_cents = EXCLUDED.fixed_fee_cents, commission_kinds = EXCLUDED.commission_kinds,
      withholds_tax = EXCLUDED.withholds_tax, property_use = EXCLUDED.property_use, payout_method = EXCLUDED.payout_method,
      payout_bank = EXCLUDED.payout_bank, payout_account = EXCLUDED.payout_account, payout_phone = EXCLUDED.payout_phone,
      remittance_day = EXCLUDED.remittance_day, approval_threshold_cents = EXCLUDED.approval_threshold_cents,
      no_commission = EXCLUDED.no_commission, created_at = EXCLUDED.created_at, created_by = EXCLUDED.created_by,
      kra_appointed_on = EXCLUDED.kra_appointed_on, kra_appointment_ref = EXCLUDED.kra_appointment_ref
    RETURNING agreement_id`);
  return Number(rowsOf<{ agreement_id: string | number }>(result)[0]!.agreement_id);
}

/**
 * The agency's properties with no management agreement, and the landlords of
 * its properties with no KRA PIN, by name. A few rows each: the checklist is
 * read on every dashboard load until it is empty.
 */
export async function setupGaps(db: DbOrTx, agentId: number) {
  const agreements = await db.execute(sql`
    SELECT p.prop_id, p.property_name, p.landlord_no, c.full_name
    FROM properties p JOIN clients c ON c.client_no = p.landlord_no
    WHERE p.agent_id = ${agentId} AND NOT EXISTS (SELECT 1 FROM management_agreements m WHERE m.prop_id = p.prop_id)
    ORDER BY p.property_name, p.prop_id
    LIMIT 50`);
  const pins = await db.execute(sql`
    SELECT DISTINCT c.client_no, c.full_name
    FROM properties p JOIN clients c ON c.client_no = p.landlord_no
    WHERE p.agent_id = ${agentId} AND NOT EXISTS (SELECT 1 FROM landlord_tax_details d WHERE d.client_no = c.client_no)
    ORDER BY c.full_name, c.client_no
    LIMIT 50`);
  return {
    agreements: rowsOf<{
      prop_id: string | number;
      property_name: string;
      landlord_no: string | number;
      full_name: string;
    }>(agreements),
    pins: rowsOf<{ client_no: string | number; full_name: string }>(pins),
  };
}

/** A property's agreements, newest first. */
export async function agreementsOf(db: DbOrTx, agentId: number, propId: number) {
  const result = await db.execute(sql`
    SELECT agreement_id, prop_id, effective_from::text AS effective_from, commission_bp, fixed_fee_cents, commission_kinds, withholds_tax,
           property_use, payout_method, payout_bank, payout_account, payout_phone, remittance_day, approval_threshold_cents, no_commission,
           kra_appointed_on::text AS kra_appointed_on, kra_appointment_ref
    FROM management_agreements WHERE agent_id = ${agentId} AND prop_id = ${propId}
    ORDER BY effective_from DESC`);
  return rowsOf<Record<string, unknown>>(result);
}

export async function saveTaxPin(
  db: DbOrTx,
  p: { agentId: number; clientNo: number; pin: string; at: Date },
) {
  await db.execute(sql`
    INSERT INTO landlord_tax_details (client_no, agent_id, kra_pin, updated_at)
    VALUES (${p.clientNo}, ${p.agentId}, ${p.pin}, ${p.at.toISOString()})
    ON CONFLICT (client_no) DO UPDATE SET kra_pin = EXCLUDED.kra_pin, updated_at = EXCLUDED.updated_at`);
}

/**
 * Every landlord of the agent with landlord-journal entries: what was
 * collected for them and where it went, each a sum over journal lines. A
 * reversal counts under the kind of what it reverses.
 */
export async function balancesOf(db: DbOrTx, agentId: number, landlordNo: number | null = null, before: Date | null = null) {
  const one = landlordNo === null ? sql`` : sql`AND l.landlord_no = ${landlordNo}`;
  // The books before a moment (the accountant's year-end pack, decision 043).
  const cut = before === null ? sql`` : sql`AND t.posted_at < ${before.toISOString()}`;
  const result = await db.execute(sql`
    SELECT l.landlord_no, c.full_name, d.kra_pin,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'collected'), 0)::bigint AS collected,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'pass_through' AND k.kind = 'collection'), 0)::bigint AS passed_on,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'pass_through' AND k.kind = 'pass_through_payment'), 0)::bigint AS paid_onward,
      -- Earned, whatever the agency has since moved out of the client account (decision 035).
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'commission' AND k.kind <> 'fee_transfer'), 0)::bigint AS commission,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'vat_output' AND k.kind <> 'fee_transfer'), 0)::bigint AS vat,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'tax_payable' AND k.kind = 'collection'), 0)::bigint AS tax_withheld,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'landlord' AND k.kind = 'expense'), 0)::bigint AS expenses,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'landlord' AND k.kind = 'payout'), 0)::bigint AS payouts,
      coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE l.account = 'tax_payable' AND k.kind = 'tax_payment'), 0)::bigint AS tax_paid,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'landlord'), 0)::bigint AS balance
    FROM landlord_lines l
    JOIN landlord_txns t ON t.txn_id = l.txn_id
    LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
    CROSS JOIN LATERAL (SELECT coalesce(o.kind, t.kind) AS kind) k
    JOIN clients c ON c.client_no = l.landlord_no
    LEFT JOIN landlord_tax_details d ON d.client_no = l.landlord_no
    WHERE l.agent_id = ${agentId} ${one} ${cut}
    GROUP BY l.landlord_no, c.full_name, d.kra_pin
    ORDER BY c.full_name, l.landlord_no`);
  return rowsOf<Record<string, string | number | null>>(result);
}

/** What the tenant is charged (a reversal counts under its original): the R of a tenancy's holdings. */
const CHARGE_KINDS = sql.raw(`('rent_charge', 'recurring_charge', 'penalty', 'water_charge', 'opening_arrears')`);

/**
 * Each tenancy's money held in the client account, now (`before` null) or as
 * the books stood before a moment: its deposit held, and its credit on the
 * rent sub-account (decision 050). With M the rent sub-account's movements
 * other than charges (money in, refunds, credit moved to other kinds, each
 * reversal under its original) and R the charges posted on it, the credit is
 * greatest(M − R, least(M, 0)): paid ahead when positive; below nothing only
 * when more was paid back than ever came (a refunded credit whose cheque then
 * bounced), which the client account is short of; rent arrears, reopened or
 * not, are never a holding. The trust identity sums it; the accountant's
 * year-end pack lists it (decision 043).
 */
export function tenantHoldingsBefore(agentId: number, before: Date | null) {
  const cut = before === null ? sql`` : sql`AND j.posted_at < ${before.toISOString()}`;
  return sql`
    SELECT h.tenancy_id, h.deposits_held, greatest(h.moved - h.charged, least(h.moved, 0))::bigint AS credit
    FROM (
      SELECT l.tenancy_id,
             coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'deposits_held'), 0)::bigint AS deposits_held,
             coalesce(sum(l.credit_cents - l.debit_cents)
               FILTER (WHERE l.account = 'tenant' AND l.sub_account = 'rent' AND coalesce(o.kind, j.kind) NOT IN ${CHARGE_KINDS}), 0)::bigint AS moved,
             coalesce(sum(l.debit_cents - l.credit_cents)
               FILTER (WHERE l.account = 'tenant' AND l.sub_account = 'rent' AND coalesce(o.kind, j.kind) IN ${CHARGE_KINDS}), 0)::bigint AS charged
      FROM journal_lines l JOIN journal_transactions j ON j.txn_id = l.txn_id
      LEFT JOIN journal_transactions o ON o.txn_id = j.reverses_txn_id
      WHERE l.agent_id = ${agentId} AND (l.account = 'deposits_held' OR (l.account = 'tenant' AND l.sub_account = 'rent')) ${cut}
      GROUP BY l.tenancy_id
    ) h`;
}

/**
 * The sums of the trust identity (DESIGN.md §4b), over both journals of the
 * agent, in one statement (one snapshot). Money received and paid out of the
 * ledgers is the Ledgers screen's own query summed (`ledger/ledger-money.ts`).
 * `before`: the books as they stood before that moment — the end of a day for
 * the client-money reconciliation (decision 043); entries are kept as posted,
 * so the same cut always gives the same figures.
 */
export async function trustFigures(db: DbOrTx, agentId: number, before: Date | null = null) {
  const iso = before?.toISOString();
  const landlordLines =
    before === null
      ? sql`landlord_lines`
      : sql`(SELECT l.* FROM landlord_lines l JOIN landlord_txns t ON t.txn_id = l.txn_id WHERE l.agent_id = ${agentId} AND t.posted_at < ${iso})`;
  const depositsHeld =
    before === null
      ? sql`(SELECT coalesce(sum(credit_cents - debit_cents), 0) FROM journal_lines WHERE agent_id = ${agentId} AND account = 'deposits_held')`
      : sql`(SELECT coalesce(sum(deposits_held), 0) FROM (${tenantHoldingsBefore(agentId, before)}) h)`;
  const tenantCredits = sql`(SELECT coalesce(sum(credit), 0) FROM (${tenantHoldingsBefore(agentId, before)}) h)`;
  const result = await db.execute(sql`
    SELECT
      g.received::bigint AS received,
      g.paid_out::bigint AS paid_tenants,
      g.brought_forward::bigint AS brought_forward_tenants,
      -- Money in the client account at go-live owed to landlords (decision 042): cash in, not a payment out; a reversal counts under its original.
      (SELECT coalesce(sum(l.debit_cents - l.credit_cents), 0) FROM ${landlordLines} l JOIN landlord_txns t ON t.txn_id = l.txn_id
         LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
         WHERE l.agent_id = ${agentId} AND l.account = 'cash' AND coalesce(o.kind, t.kind) = 'opening_balance')::bigint AS brought_forward_landlords,
      (SELECT coalesce(sum(l.credit_cents - l.debit_cents), 0) FROM ${landlordLines} l JOIN landlord_txns t ON t.txn_id = l.txn_id
         LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
         WHERE l.agent_id = ${agentId} AND l.account = 'cash' AND coalesce(o.kind, t.kind) <> 'opening_balance')::bigint AS paid_landlord_side,
      -- Of it, the agency's fees moved to its office account (a reversal counted under the transfer it reverses).
      (SELECT coalesce(sum(l.credit_cents - l.debit_cents), 0) FROM ${landlordLines} l JOIN landlord_txns t ON t.txn_id = l.txn_id
         LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
         WHERE l.agent_id = ${agentId} AND l.account = 'cash' AND coalesce(o.kind, t.kind) = 'fee_transfer')::bigint AS fees_transferred,
      ${depositsHeld}::bigint AS deposits_held,
      -- Paid ahead on the rent sub-account, or paid back beyond what came (decision 050).
      ${tenantCredits}::bigint AS tenant_credits,
      -- Paid on pass-through charges (garbage for the county's contractor, water for the water company) and not yet paid to them: owed onward, not the landlord's.
      (SELECT coalesce(sum(credit_cents - debit_cents), 0) FROM ${landlordLines} x WHERE x.agent_id = ${agentId} AND x.account = 'pass_through')::bigint AS passed_on,
      (SELECT coalesce(sum(credit_cents - debit_cents) FILTER (WHERE account = 'landlord'), 0)
         FROM ${landlordLines} x WHERE x.agent_id = ${agentId})::bigint AS owed,
      (SELECT coalesce(sum(credit_cents - debit_cents) FILTER (WHERE account = 'tax_payable'), 0)
         FROM ${landlordLines} x WHERE x.agent_id = ${agentId})::bigint AS tax_payable,
      (SELECT coalesce(sum(credit_cents - debit_cents) FILTER (WHERE account = 'commission'), 0)
         FROM ${landlordLines} x WHERE x.agent_id = ${agentId})::bigint AS commission,
      -- VAT on the fees, the agency's to pay KRA; it leaves the client account with the fees (decision 054).
      (SELECT coalesce(sum(credit_cents - debit_cents) FILTER (WHERE account = 'vat_output'), 0)
         FROM ${landlordLines} x WHERE x.agent_id = ${agentId})::bigint AS vat_output
    -- The ledgers' totals read once, not once per figure.
    FROM (SELECT coalesce(sum(received), 0) AS received, coalesce(sum(paid_out), 0) AS paid_out, coalesce(sum(brought_forward), 0) AS brought_forward
          FROM (${ledgerTotals(agentId, before)}) t) g`);
  const r = rowsOf<Record<string, string | number>>(result)[0]!;
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as Record<
    | 'received'
    | 'brought_forward_tenants'
    | 'brought_forward_landlords'
    | 'paid_tenants'
    | 'paid_landlord_side'
    | 'fees_transferred'
    | 'deposits_held'
    | 'tenant_credits'
    | 'passed_on'
    | 'owed'
    | 'tax_payable'
    | 'commission'
    | 'vat_output',
    number
  >;
}

/**
 * Commission earned (net of reversals) per month, landlord and property,
 * between two days: by the month each entry is booked in, as the owner
 * statement counts it (decision 036). What the agency moved out of the
 * client account does not lessen it (decision 035).
 */
export async function commissionIncome(db: DbOrTx, agentId: number, from: string, to: string) {
  const result = await db.execute(sql`
    SELECT to_char(t.book_month, 'YYYY-MM') AS month, l.landlord_no, c.full_name, l.prop_id, p.property_name,
           sum(l.credit_cents - l.debit_cents)::bigint AS commission
    FROM landlord_lines l
    JOIN landlord_txns t ON t.txn_id = l.txn_id
    JOIN clients c ON c.client_no = l.landlord_no
    JOIN properties p ON p.prop_id = l.prop_id
    WHERE l.agent_id = ${agentId} AND l.account = 'commission' AND l.prop_id IS NOT NULL AND t.book_month BETWEEN ${from}::date AND ${to}::date
    GROUP BY 1, l.landlord_no, c.full_name, l.prop_id, p.property_name
    ORDER BY 1, c.full_name, p.property_name`);
  return rowsOf<Record<string, string | number>>(result);
}

/**
 * Output VAT (decision 054): each landlord-journal entry booked in the month
 * that charged or took back VAT on the agency's fees, with the fee net of
 * VAT, in the order they were posted. Moving the fees and their VAT out of
 * the client account is not a supply, so fee transfers are left out.
 */
export async function vatLines(db: DbOrTx, agentId: number, month: string) {
  const result = await db.execute(sql`
    SELECT t.txn_id, t.money_date::text AS money_date, t.landlord_no, c.full_name,
      CASE WHEN j.receipt_no IS NOT NULL THEN 'Receipt ' || j.receipt_no ELSE t.details END AS reference,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'commission'), 0)::bigint AS commission,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'vat_output'), 0)::bigint AS vat
    FROM landlord_txns t
    LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
    JOIN landlord_lines l ON l.txn_id = t.txn_id AND l.account IN ('commission', 'vat_output')
    JOIN clients c ON c.client_no = t.landlord_no
    LEFT JOIN journal_transactions j ON j.txn_id = t.journal_txn_id
    WHERE t.agent_id = ${agentId} AND t.book_month = ${month}::date AND coalesce(o.kind, t.kind) <> 'fee_transfer'
    GROUP BY t.txn_id, t.money_date, t.landlord_no, c.full_name, j.receipt_no, t.details
    HAVING sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'vat_output') IS NOT NULL
    ORDER BY t.money_date, t.txn_id`);
  return rowsOf<Record<string, string | number>>(result);
}
