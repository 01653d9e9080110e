import { isLanguage, type Language } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** Whether the agency's runs tell each tenant what they charged (docs/decisions/027-invoices-to-tenants.md). */
export async function sendsInvoices(db: DbOrTx, agentId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT send_invoices FROM invoicing_settings WHERE agent_id = ${agentId}`);
  return Boolean(rowsOf<{ send_invoices: boolean }>(result)[0]?.send_invoices);
}

export async function setSendsInvoices(db: DbOrTx, s: { agentId: number; on: boolean; at: Date; by: number }) {
  await db.execute(sql`
    INSERT INTO invoicing_settings (agent_id, send_invoices, updated_at, updated_by)
    VALUES (${s.agentId}, ${s.on}, ${s.at.toISOString()}, ${s.by})
    ON CONFLICT (agent_id) DO UPDATE SET send_invoices = excluded.send_invoices, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

export interface RunInvoice {
  tenancyId: number;
  phone: string;
  email: string;
  language: Language;
  agencyName: string;
  paybill: string | null;
  /** The tenancy's balance now, inside the run's transaction: the run's charges included. */
  balanceCents: number;
  months: string[];
  /** Rent first (`kind` null), then each recurring charge by name. */
  lines: { kind: string | null; cents: number }[];
}

/**
 * What the run `runId` charged each tenancy, by kind (the statement's
 * sub-accounts: rent, each recurring charge under its name), with the months,
 * the balance after it and where the tenant is reached. Read in the run's
 * transaction, so the figures are the run's own.
 */
export async function runInvoices(db: DbOrTx, runId: number): Promise<RunInvoice[]> {
  const result = await db.execute(sql`
    WITH charged AS (
      SELECT j.tenancy_id, l.sub_account, min(c.name) AS name, sum(l.debit_cents - l.credit_cents)::bigint AS cents,
             string_agg(DISTINCT j.charge_month::text, ',') AS months
      FROM journal_transactions j
      JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'tenant'
      LEFT JOIN recurring_charges c ON l.sub_account = 'charge:' || c.charge_id
      WHERE j.invoice_run_id = ${runId}
      GROUP BY j.tenancy_id, l.sub_account
    )
    SELECT ch.tenancy_id, ch.sub_account, ch.name, ch.cents, ch.months, cl.phone_no, cl.email, cl.preferred_language,
           b.balance_cents, a.agent_name, (SELECT p.shortcode FROM mpesa_paybills p WHERE p.agent_id = a.agent_id) AS paybill
    FROM charged ch
    JOIN tenancies t ON t.tenancy_id = ch.tenancy_id
    JOIN clients cl ON cl.client_no = t.client_no
    JOIN agents a ON a.agent_id = t.agent_id
    JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
    ORDER BY ch.tenancy_id, ch.sub_account <> 'rent', ch.name, ch.sub_account`);
  const invoices = new Map<number, RunInvoice>();
  for (const r of rowsOf<Record<string, string | number | null>>(result)) {
    const tenancyId = Number(r.tenancy_id);
    let invoice = invoices.get(tenancyId);
    if (!invoice) {
      invoice = {
        tenancyId,
        phone: String(r.phone_no ?? ''),
        email: String(r.email ?? ''),
        language: isLanguage(r.preferred_language) ? r.preferred_language : 'en',
        agencyName: String(r.agent_name),
        paybill: r.paybill == null ? null : String(r.paybill),
        balanceCents: Number(r.balance_cents),
        months: [],
        lines: [],
      };
      invoices.set(tenancyId, invoice);
    }
    invoice.months = [...new Set([...invoice.months, ...String(r.months).split(',')])].sort();
    invoice.lines.push({ kind: r.sub_account === 'rent' ? null : String(r.name ?? r.sub_account), cents: Number(r.cents) });
  }
  return [...invoices.values()];
}

/**
 * Queues the invoices in the run's transaction; a tenancy already told of this
 * month (by any process, any run) is skipped by the unique index.
 */
export async function enqueueInvoices(
  db: DbOrTx,
  agentId: number,
  month: string,
  at: Date,
  rows: { tenancyId: number; channel: 'sms' | 'email'; recipient: string; subject: string; body: string }[],
) {
  if (rows.length === 0) return 0;
  const result = await db.execute(sql`
    INSERT INTO receipt_notices (agent_id, tenancy_id, invoice_month, channel, recipient, subject, body, agency_name, next_attempt_at)
    SELECT ${agentId}, (r->>'tenancyId')::bigint, ${month}::date, r->>'channel', r->>'recipient', r->>'subject', r->>'body',
           a.agent_name, ${at.toISOString()}
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS r JOIN agents a ON a.agent_id = ${agentId}
    ON CONFLICT (tenancy_id, invoice_month) WHERE invoice_month IS NOT NULL DO NOTHING RETURNING notice_id`);
  return rowsOf(result).length;
}
