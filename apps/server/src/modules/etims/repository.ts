import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

export interface DeviceRow {
  device_id: number;
  landlord_no: number | null;
  tin: string;
  bhf_id: string;
  device_serial: string;
  cmc_key_sealed: string;
  sdc_id: string | null;
  taxpayer_name: string | null;
  initialised_at: string;
}

export async function saveDevice(
  db: DbOrTx,
  d: { agentId: number; landlordNo: number | null; tin: string; bhfId: string; serial: string; sealedKey: string; sdcId: string | null; mrcNo: string | null; name: string | null; at: Date },
) {
  // A PIN and branch initialised again (a new serial, a key KRA renewed) keeps its invoice numbers going.
  await db.execute(sql`
    INSERT INTO etims_devices (agent_id, landlord_no, tin, bhf_id, device_serial, cmc_key_sealed, sdc_id, mrc_no, taxpayer_name, initialised_at)
    VALUES (${d.agentId}, ${d.landlordNo}, ${d.tin}, ${d.bhfId}, ${d.serial}, ${d.sealedKey}, ${d.sdcId}, ${d.mrcNo}, ${d.name}, ${d.at.toISOString()})
    ON CONFLICT (agent_id, tin, bhf_id) DO UPDATE SET device_serial = EXCLUDED.device_serial, cmc_key_sealed = EXCLUDED.cmc_key_sealed,
      sdc_id = EXCLUDED.sdc_id, mrc_no = EXCLUDED.mrc_no, taxpayer_name = EXCLUDED.taxpayer_name, initialised_at = EXCLUDED.initialised_at`);
}

export async function devices(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT device_id, landlord_no, tin, bhf_id, device_serial, sdc_id, taxpayer_name, initialised_at::text AS initialised_at
    FROM etims_devices WHERE agent_id = ${agentId} ORDER BY landlord_no NULLS FIRST, device_id`);
  return rowsOf<Omit<DeviceRow, 'cmc_key_sealed'>>(result);
}

/** The seller's device, its row locked so invoice numbers are taken one transaction at a time. */
export async function lockSellerDevice(db: DbOrTx, agentId: number, landlordNo: number | null) {
  const result = await db.execute(sql`
    SELECT device_id FROM etims_devices
    WHERE agent_id = ${agentId} AND coalesce(landlord_no, 0) = ${landlordNo ?? 0} FOR UPDATE`);
  return rowsOf<{ device_id: number }>(result)[0] ?? null;
}

export async function takeInvoiceNo(db: DbOrTx, deviceId: number) {
  const result = await db.execute(sql`
    UPDATE etims_devices SET next_invoice_no = next_invoice_no + 1 WHERE device_id = ${deviceId}
    RETURNING (next_invoice_no - 1)::bigint AS invoice_no`);
  return Number(rowsOf<{ invoice_no: number }>(result)[0]!.invoice_no);
}

export async function invoiceBySource(db: DbOrTx, agentId: number, sourceKey: string) {
  const result = await db.execute(sql`SELECT invoice_id FROM etims_invoices WHERE agent_id = ${agentId} AND source_key = ${sourceKey}`);
  return rowsOf<{ invoice_id: number }>(result)[0] ?? null;
}

export async function insertInvoice(
  db: DbOrTx,
  i: {
    agentId: number;
    deviceId: number;
    kind: 'fee' | 'rent' | 'credit_note';
    sourceKey: string;
    invoiceNo: number;
    originalInvoiceId: number | null;
    landlordNo: number | null;
    buyerTin: string | null;
    buyerName: string | null;
    month: string;
    totalCents: number;
    taxCents: number;
    request: Record<string, unknown>;
    at: Date;
  },
) {
  const result = await db.execute(sql`
    INSERT INTO etims_invoices (agent_id, device_id, kind, source_key, invoice_no, original_invoice_id, landlord_no, buyer_tin, buyer_name,
      month, total_cents, tax_cents, request, next_try_at, created_at)
    VALUES (${i.agentId}, ${i.deviceId}, ${i.kind}, ${i.sourceKey}, ${i.invoiceNo}, ${i.originalInvoiceId}, ${i.landlordNo}, ${i.buyerTin},
      ${i.buyerName}, ${i.month}::date, ${i.totalCents}, ${i.taxCents}, ${JSON.stringify(i.request)}::jsonb, ${i.at.toISOString()}, ${i.at.toISOString()})
    RETURNING invoice_id`);
  return Number(rowsOf<{ invoice_id: number }>(result)[0]!.invoice_id);
}

/**
 * Each landlord's fees booked in the month (decision 054's lines): commission
 * and fixed fees net of VAT, and the VAT on them. Fee transfers move money,
 * they are no supply, so they are left out.
 */
export async function monthFees(db: DbOrTx, agentId: number, month: string) {
  const result = await db.execute(sql`
    SELECT t.landlord_no, c.full_name, d.kra_pin,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'commission'), 0)::bigint AS commission,
      coalesce(sum(l.credit_cents - l.debit_cents) FILTER (WHERE l.account = 'vat_output'), 0)::bigint AS vat
    FROM landlord_txns t
    LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
    JOIN landlord_lines l ON l.txn_id = t.txn_id AND l.account IN ('commission', 'vat_output')
    JOIN clients c ON c.client_no = t.landlord_no
    LEFT JOIN landlord_tax_details d ON d.client_no = t.landlord_no
    WHERE t.agent_id = ${agentId} AND t.book_month = ${month}::date AND coalesce(o.kind, t.kind) <> 'fee_transfer'
    GROUP BY t.landlord_no, c.full_name, d.kra_pin
    ORDER BY t.landlord_no`);
  return rowsOf<{ landlord_no: number; full_name: string; kra_pin: string | null; commission: string | number; vat: string | number }>(result);
}

export interface ClaimedInvoice {
  invoice_id: number;
  agent_id: number;
  invoice_no: number;
  request: Record<string, unknown>;
  attempts: number;
  tin: string;
  bhf_id: string;
  cmc_key_sealed: string;
  claimed_until: string;
}

/**
 * One invoice due to be sent, claimed under a lease so no other process sends
 * it meanwhile; a process that died mid-send leaves a lease that runs out.
 */
export async function claimDue(db: DbOrTx, now: Date, leaseSeconds: number) {
  const until = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  const result = await db.execute(sql`
    WITH due AS (
      SELECT invoice_id FROM etims_invoices
      WHERE status = 'queued' AND next_try_at <= ${now.toISOString()} AND (claimed_until IS NULL OR claimed_until < ${now.toISOString()})
      ORDER BY next_try_at, invoice_id LIMIT 1 FOR UPDATE SKIP LOCKED
    )
    UPDATE etims_invoices i SET claimed_until = ${until}, attempts = i.attempts + 1
    FROM due, etims_devices d
    WHERE i.invoice_id = due.invoice_id AND d.device_id = i.device_id
    RETURNING i.invoice_id, i.agent_id, i.invoice_no, i.request, i.attempts, d.tin, d.bhf_id, d.cmc_key_sealed, i.claimed_until::text AS claimed_until`);
  const row = rowsOf<ClaimedInvoice>(result)[0];
  return row ? { ...row, request: typeof row.request === 'string' ? (JSON.parse(row.request) as Record<string, unknown>) : row.request } : null;
}

/** KRA's answer kept with the invoice, only by the claim that sent it. */
export async function recordSent(
  db: DbOrTx,
  p: { invoiceId: number; claimedUntil: string; receiptNo: number; totalReceiptNo: number; internalData: string; signature: string; sdcId: string | null; kraDateTime: string; at: Date },
) {
  const result = await db.execute(sql`
    UPDATE etims_invoices SET status = 'sent', claimed_until = NULL, error_key = NULL, error_detail = NULL,
      receipt_no = ${p.receiptNo}, total_receipt_no = ${p.totalReceiptNo}, internal_data = ${p.internalData},
      receipt_signature = ${p.signature}, sdc_id = ${p.sdcId}, kra_date_time = ${p.kraDateTime}, sent_at = ${p.at.toISOString()}
    WHERE invoice_id = ${p.invoiceId} AND status = 'queued' AND claimed_until = ${p.claimedUntil}::timestamptz
    RETURNING invoice_id`);
  return rowsOf(result).length === 1;
}

export async function recordTrouble(
  db: DbOrTx,
  p: { invoiceId: number; claimedUntil: string; final: boolean; errorKey: string; detail: string; retryAt: Date },
) {
  await db.execute(sql`
    UPDATE etims_invoices SET status = ${p.final ? 'refused' : 'queued'}, claimed_until = NULL, error_key = ${p.errorKey},
      error_detail = ${p.detail.slice(0, 500)}, next_try_at = ${p.retryAt.toISOString()}
    WHERE invoice_id = ${p.invoiceId} AND status = 'queued' AND claimed_until = ${p.claimedUntil}::timestamptz`);
}

export async function invoices(db: DbOrTx, agentId: number, invoiceId: number | null = null) {
  const one = invoiceId === null ? sql`` : sql`AND i.invoice_id = ${invoiceId}`;
  const result = await db.execute(sql`
    SELECT i.invoice_id, i.kind, i.invoice_no, i.original_invoice_id, i.landlord_no, i.buyer_tin, i.buyer_name, i.month::text AS month,
      i.total_cents, i.tax_cents, i.status, i.attempts, i.next_try_at::text AS next_try_at, i.error_key, i.error_detail,
      i.receipt_no, i.total_receipt_no, i.internal_data, i.receipt_signature, i.sdc_id, i.kra_date_time, i.sent_at::text AS sent_at,
      i.request, d.tin, d.bhf_id, i.device_id
    FROM etims_invoices i JOIN etims_devices d ON d.device_id = i.device_id
    WHERE i.agent_id = ${agentId} ${one}
    ORDER BY i.invoice_id DESC LIMIT 500`);
  return rowsOf<Record<string, unknown>>(result);
}

/** A landlord of this agency: captured by it, or owning one of its properties. */
export async function ownLandlord(db: DbOrTx, agentId: number, clientNo: number) {
  const result = await db.execute(sql`
    SELECT client_no FROM clients c WHERE c.client_no = ${clientNo}
      AND (c.capturing_agent_id = ${agentId} OR EXISTS (SELECT 1 FROM properties p WHERE p.agent_id = ${agentId} AND p.landlord_no = c.client_no))`);
  return rowsOf(result).length > 0;
}

/**
 * The rent each tenancy paid toward the month (by the month the rent
 * concerns, a reversal in the month it takes back, as the rental-tax pack
 * counts it), for landlords with a device of their own: the tenant, their
 * KRA PIN when known, and the property's use by the agreement in force on
 * each collection's day (none: residential).
 */
export async function monthRent(db: DbOrTx, agentId: number, month: string) {
  const result = await db.execute(sql`
    SELECT t.landlord_no, t.tenancy_id, tc.full_name AS tenant_name, tc.kra_pin AS tenant_pin, u.property_use,
      sum(l.debit_cents - l.credit_cents)::bigint AS rent
    FROM landlord_lines l
    JOIN landlord_txns t ON t.txn_id = l.txn_id
    LEFT JOIN landlord_txns o ON o.txn_id = t.reverses_txn_id
    JOIN tenancies y ON y.tenancy_id = t.tenancy_id
    JOIN clients tc ON tc.client_no = y.client_no
    CROSS JOIN LATERAL (
      SELECT coalesce((SELECT m.property_use FROM management_agreements m
                       WHERE m.prop_id = t.prop_id AND m.effective_from <= t.money_date ORDER BY m.effective_from DESC LIMIT 1), 'residential') AS property_use
    ) u
    WHERE l.agent_id = ${agentId} AND t.concerns_month = ${month}::date AND l.account = 'collected'
      AND coalesce(l.sub_account, 'rent') = 'rent' AND coalesce(o.kind, t.kind) = 'collection'
      AND EXISTS (SELECT 1 FROM etims_devices d WHERE d.agent_id = ${agentId} AND d.landlord_no = t.landlord_no)
    GROUP BY t.landlord_no, t.tenancy_id, tc.full_name, tc.kra_pin, u.property_use
    ORDER BY t.landlord_no, t.tenancy_id, u.property_use`);
  return rowsOf<{ landlord_no: number; tenancy_id: number; tenant_name: string; tenant_pin: string | null; property_use: 'residential' | 'commercial'; rent: string | number }>(result);
}
