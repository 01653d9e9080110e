import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** The property when it is the agent's. */
export async function propertyOf(db: DbOrTx, agentId: number, propId: number) {
  const result = await db.execute(sql`SELECT prop_id FROM properties WHERE prop_id = ${propId} AND agent_id = ${agentId}`);
  return rowsOf<{ prop_id: string | number }>(result).length > 0;
}

export async function chargesOfProperty(db: DbOrTx, propId: number) {
  const result = await db.execute(sql`
    SELECT c.charge_id, c.name, c.amount_cents, c.pass_through, c.from_month::text AS from_month, c.active,
           coalesce((SELECT jsonb_agg(jsonb_build_object('HouseId', o.house_id, 'House_number', h.house_number, 'Amount', o.amount_cents) ORDER BY h.house_number)
                     FROM recurring_charge_houses o JOIN houses h ON h.house_id = o.house_id WHERE o.charge_id = c.charge_id), '[]'::jsonb)::text AS houses
    FROM recurring_charges c WHERE c.prop_id = ${propId}
    ORDER BY c.active DESC, c.name, c.charge_id`);
  return rowsOf<Record<string, string | number | boolean>>(result).map((r) => ({
    chargeId: Number(r.charge_id),
    name: String(r.name),
    amount: Number(r.amount_cents),
    passThrough: Boolean(r.pass_through),
    fromMonth: String(r.from_month),
    active: Boolean(r.active),
    houses: (JSON.parse(String(r.houses)) as { HouseId: number; House_number: string; Amount: number | string }[]).map((h) => ({
      houseId: Number(h.HouseId),
      houseNumber: h.House_number,
      amount: Number(h.Amount),
    })),
  }));
}

/** A new charge, or null when an active charge of the property has that name. */
export async function insertCharge(
  db: DbOrTx,
  c: { agentId: number; propId: number; name: string; amount: number; passThrough: boolean; fromMonth: string; at: Date; by: number },
) {
  const result = await db.execute(sql`
    INSERT INTO recurring_charges (agent_id, prop_id, name, amount_cents, pass_through, from_month, created_at, created_by)
    VALUES (${c.agentId}, ${c.propId}, ${c.name}, ${c.amount}, ${c.passThrough}, ${c.fromMonth}, ${c.at.toISOString()}, ${c.by})
    ON CONFLICT (prop_id, lower(name)) WHERE active DO NOTHING
    RETURNING charge_id`);
  const row = rowsOf<{ charge_id: string | number }>(result)[0];
  return row ? Number(row.charge_id) : null;
}

/** The agent's charge, locked for a change. */
export async function chargeOf(db: DbOrTx, agentId: number, chargeId: number) {
  const result = await db.execute(sql`
    SELECT charge_id, prop_id, active FROM recurring_charges WHERE charge_id = ${chargeId} AND agent_id = ${agentId} FOR UPDATE`);
  const row = rowsOf<{ charge_id: string | number; prop_id: string | number; active: boolean }>(result)[0];
  return row ? { chargeId: Number(row.charge_id), propId: Number(row.prop_id), active: Boolean(row.active) } : null;
}

export async function updateCharge(db: DbOrTx, chargeId: number, u: { amount?: number | undefined; passThrough?: boolean | undefined; active?: boolean | undefined }) {
  await db.execute(sql`
    UPDATE recurring_charges SET
      amount_cents = coalesce(${u.amount ?? null}::bigint, amount_cents),
      pass_through = coalesce(${u.passThrough ?? null}::boolean, pass_through),
      active = coalesce(${u.active ?? null}::boolean, active)
    WHERE charge_id = ${chargeId}`);
}

/** The house when it is on the property. */
export async function houseOnProperty(db: DbOrTx, propId: number, houseId: number) {
  const result = await db.execute(sql`SELECT house_id FROM houses WHERE house_id = ${houseId} AND prop_id = ${propId}`);
  return rowsOf(result).length > 0;
}

export async function setHouseAmount(db: DbOrTx, h: { chargeId: number; houseId: number; agentId: number; amount: number | null }) {
  if (h.amount === null) {
    await db.execute(sql`DELETE FROM recurring_charge_houses WHERE charge_id = ${h.chargeId} AND house_id = ${h.houseId}`);
    return;
  }
  await db.execute(sql`
    INSERT INTO recurring_charge_houses (charge_id, house_id, agent_id, amount_cents) VALUES (${h.chargeId}, ${h.houseId}, ${h.agentId}, ${h.amount})
    ON CONFLICT (charge_id, house_id) DO UPDATE SET amount_cents = excluded.amount_cents`);
}

export async function penaltyRuleOf(db: DbOrTx, propId: number) {
  const result = await db.execute(sql`
    SELECT after_day, percent_bp, fixed_cents, from_month::text AS from_month, active FROM penalty_rules WHERE prop_id = ${propId}`);
  const r = rowsOf<Record<string, string | number | boolean | null>>(result)[0];
  return r
    ? {
        afterDay: Number(r.after_day),
        percentBp: r.percent_bp == null ? null : Number(r.percent_bp),
        fixedCents: r.fixed_cents == null ? null : Number(r.fixed_cents),
        fromMonth: String(r.from_month),
        active: Boolean(r.active),
      }
    : null;
}

/**
 * Saves the property's rule. Its first month is kept while it stays on, so
 * editing it does not forgive or reach back; switching it on again starts
 * from `month`: the months it was off are never penalised.
 */
export async function savePenaltyRule(
  db: DbOrTx,
  r: { propId: number; agentId: number; afterDay: number; percentBp: number | null; fixedCents: number | null; active: boolean; month: string; at: Date; by: number },
) {
  await db.execute(sql`
    INSERT INTO penalty_rules (prop_id, agent_id, after_day, percent_bp, fixed_cents, from_month, active, updated_at, updated_by)
    VALUES (${r.propId}, ${r.agentId}, ${r.afterDay}, ${r.percentBp}, ${r.fixedCents}, ${r.month}, ${r.active}, ${r.at.toISOString()}, ${r.by})
    ON CONFLICT (prop_id) DO UPDATE SET
      after_day = excluded.after_day, percent_bp = excluded.percent_bp, fixed_cents = excluded.fixed_cents,
      from_month = CASE WHEN penalty_rules.active THEN penalty_rules.from_month ELSE excluded.from_month END,
      active = excluded.active, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
}

/** The day's penalty run row, or null when the agent already has one for that day. */
export async function insertPenaltyRun(db: DbOrTx, r: { agentId: number; day: string; at: Date; by: number; automatic: boolean }) {
  const result = await db.execute(sql`
    INSERT INTO penalty_runs (agent_id, run_date, run_at, run_by, automatic)
    VALUES (${r.agentId}, ${r.day}, ${r.at.toISOString()}, ${r.by}, ${r.automatic})
    ON CONFLICT (agent_id, run_date) DO NOTHING RETURNING run_id`);
  const row = rowsOf<{ run_id: string | number }>(result)[0];
  return row ? Number(row.run_id) : null;
}

export async function recordPenaltyRun(db: DbOrTx, runId: number, charged: number, amount: number) {
  await db.execute(sql`UPDATE penalty_runs SET charged_count = ${charged}, amount_cents = ${amount} WHERE run_id = ${runId}`);
}

export async function penaltyRunHistory(db: DbOrTx, agentId: number) {
  const result = await db.execute(sql`
    SELECT r.run_date::text AS day, r.run_at, c.full_name, r.charged_count, r.amount_cents, r.automatic
    FROM penalty_runs r JOIN users u ON u.user_no = r.run_by JOIN clients c ON c.client_no = u.client_no
    WHERE r.agent_id = ${agentId} ORDER BY r.run_date DESC LIMIT 120`);
  return rowsOf<{ day: string; run_at: Date | string; full_name: string; charged_count: number; amount_cents: string | number; automatic: boolean }>(result);
}

/** Agencies with a penalty rule on and no penalty run on `day`, with the owner who signs the automatic run. */
export async function penaltyRunsDue(db: DbOrTx, day: string) {
  const result = await db.execute(sql`
    SELECT a.agent_id, a.owner_user_no FROM agents a
    WHERE EXISTS (SELECT 1 FROM penalty_rules r WHERE r.agent_id = a.agent_id AND r.active)
      AND NOT EXISTS (SELECT 1 FROM penalty_runs p WHERE p.agent_id = a.agent_id AND p.run_date = ${day}::date)
    ORDER BY a.agent_id`);
  return rowsOf<{ agent_id: string | number; owner_user_no: string | number }>(result).map((r) => ({
    agentId: Number(r.agent_id),
    ownerUserNo: Number(r.owner_user_no),
  }));
}
