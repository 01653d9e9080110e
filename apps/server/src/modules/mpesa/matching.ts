import { sql, type SQL } from 'drizzle-orm';

/** An account number as the matcher compares it: upper case, no spaces (as `normalizeAccountReference`). */
export const normalized = (column: SQL) => sql`upper(regexp_replace(${column}, '\\s', '', 'g'))`;

/**
 * The tenancy an account number names, as a LATERAL subquery over a row with a
 * normalized `ref` column; in order (docs/decisions/007-mpesa-paybill.md):
 *   1. a tenancy id of the agency, active or ended with a balance;
 *   2. `{PropId}-{house number}` of a house with an active tenancy;
 *   3. a house number that only one house of the agency has, with an active tenancy.
 * Each step is an index lookup, so a 10,000-row statement matches in one statement.
 */
export function tenancyMatch(agentId: number, ref: SQL): SQL {
  const houseKey = normalized(sql`h.house_number`);
  const propPart = sql`split_part(${ref}, '-', 1)`;
  const housePart = sql`substr(${ref}, length(${propPart}) + 2)`;
  return sql`
    SELECT m.tenancy_id FROM (
      SELECT 1 AS rank, t.tenancy_id
      FROM tenancies t LEFT JOIN tenancy_balances b ON b.tenancy_id = t.tenancy_id
      WHERE t.tenancy_id = (CASE WHEN ${ref} ~ '^[0-9]{1,15}$' THEN ${ref}::bigint END)
        AND t.agent_id = ${agentId} AND (t.ended_at IS NULL OR b.balance_cents > 0)
      UNION ALL
      SELECT 2, t.tenancy_id
      FROM houses h JOIN tenancies t ON t.house_id = h.house_id AND t.ended_at IS NULL
      WHERE h.agent_id = ${agentId} AND ${houseKey} = ${housePart}
        AND h.prop_id = (CASE WHEN ${propPart} ~ '^[0-9]{1,15}$' THEN ${propPart}::bigint END)
      UNION ALL
      SELECT 3, t.tenancy_id
      FROM houses h JOIN tenancies t ON t.house_id = h.house_id AND t.ended_at IS NULL
      WHERE h.agent_id = ${agentId} AND ${houseKey} = ${ref}
        AND (SELECT count(*) FROM houses h2 WHERE h2.agent_id = ${agentId} AND ${normalized(sql`h2.house_number`)} = ${ref}) = 1
    ) m ORDER BY m.rank LIMIT 1`;
}

/** The payments of a JSON array as rows, each with its normalized account number as `ref`. */
export function stagedPayments(json: string): SQL {
  return sql`
    SELECT s.*, ${normalized(sql`s.account_reference`)} AS ref
    FROM jsonb_to_recordset(${json}::jsonb) AS s(
      trans_id text, trans_time timestamptz, amount_cents bigint, account_reference text, msisdn text, payer_name text)`;
}

export interface IncomingPayment {
  transId: string;
  transTime: Date;
  amountCents: number;
  accountReference: string;
  msisdn: string;
  payerName: string;
}

export const paymentsJson = (payments: IncomingPayment[]) =>
  JSON.stringify(
    payments.map((p) => ({
      trans_id: p.transId,
      trans_time: p.transTime.toISOString(),
      amount_cents: p.amountCents,
      account_reference: p.accountReference,
      msisdn: p.msisdn,
      payer_name: p.payerName,
    })),
  );
