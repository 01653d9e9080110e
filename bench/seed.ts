import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database';

export interface SeedShape {
  agencies: number;
  /** Tenancies of the first agency, the one measured. */
  bigAgencyTenancies: number;
  /** Tenancies of every other agency. */
  otherAgencyTenancies: number;
  housesPerProperty: number;
  /** The month every tenancy started and was charged for ('YYYY-MM-01'). */
  firstMonth: string;
}

/**
 * Fills an empty, migrated database with set-based SQL: owners, agencies,
 * properties, houses, tenants, active tenancies and each tenancy's first rent
 * charge (balanced journal lines), as bookings would have left them.
 */
export async function seed(db: Db, s: SeedShape): Promise<{ bigAgentId: number; ownerUserNo: number; total: number }> {
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  await exec(sql`CREATE TEMP TABLE bench_plan AS
    SELECT a AS agency_no, CASE WHEN a = 1 THEN ${s.bigAgencyTenancies}::int ELSE ${s.otherAgencyTenancies}::int END AS tenancies
    FROM generate_series(1, ${s.agencies}::int) a`);
  await exec(sql`INSERT INTO clients (first_name, last_name, full_name, email, phone_no)
    SELECT 'Owner', a::text, 'Owner ' || a, 'owner' || a || '@bench.example', '07000000' || lpad(a::text, 2, '0')
    FROM generate_series(1, ${s.agencies}::int) a`);
  await exec(sql`INSERT INTO users (client_no, email, password_hash)
    SELECT client_no, email, 'not-a-login' FROM clients WHERE email LIKE 'owner%@bench.example' ORDER BY client_no`);
  await exec(sql`INSERT INTO agents (agent_name, owner_client_no, owner_user_no, self, kra_pin, address, has_own_property)
    SELECT 'Agency ' || u.user_no, u.client_no, u.user_no, 0, 'P000', 'Bench Road 1', false FROM users u ORDER BY u.user_no`);
  // Each owner is the first client of their agency: a property's landlord must be a client the agency captured.
  await exec(sql`UPDATE clients c SET capturing_agent_id = a.agent_id FROM agents a WHERE a.owner_client_no = c.client_no`);
  await exec(sql`INSERT INTO ledgers (agent_id, ledger_name) SELECT agent_id, n FROM agents, (VALUES ('Rent'), ('Deposit')) v(n)`);
  await exec(sql`CREATE TEMP TABLE bench_agents AS
    SELECT row_number() OVER (ORDER BY agent_id)::int AS agency_no, agent_id, owner_client_no, owner_user_no FROM agents`);

  // One property per `housesPerProperty` tenancies, then the houses, all occupied.
  await exec(sql`INSERT INTO properties (agent_id, landlord_no, property_name, rental_units, county, town, area_estate)
    SELECT ba.agent_id, ba.owner_client_no, 'Court ' || ba.agency_no || '-' || p, ${s.housesPerProperty}::int, 'Nairobi', 'Nairobi', 'Estate ' || (p % 40)
    FROM bench_agents ba JOIN bench_plan bp USING (agency_no),
         generate_series(1, ceil(bp.tenancies::numeric / ${s.housesPerProperty}::int)::int) p`);
  await exec(sql`INSERT INTO houses (prop_id, agent_id, house_number, description, rent_cents, deposit_cents, occupied)
    SELECT pr.prop_id, pr.agent_id, 'H' || h, 'Bench house', 500000 + (h % 7) * 100000, 500000, 'Yes'
    FROM properties pr, generate_series(1, ${s.housesPerProperty}::int) h`);
  await exec(sql`CREATE TEMP TABLE bench_houses AS
    SELECT h.house_id, h.agent_id, h.rent_cents, row_number() OVER (PARTITION BY h.agent_id ORDER BY h.house_id) AS n
    FROM houses h`);
  await exec(sql`DELETE FROM bench_houses bh USING bench_agents ba, bench_plan bp
    WHERE ba.agent_id = bh.agent_id AND bp.agency_no = ba.agency_no AND bh.n > bp.tenancies`);
  await exec(sql`UPDATE houses SET occupied = 'No' WHERE house_id NOT IN (SELECT house_id FROM bench_houses)`);

  // Tenants named from a small syllable set, so name filters find some and not all.
  await exec(sql`INSERT INTO clients (first_name, last_name, full_name, email, phone_no, id_number, capturing_agent_id)
    SELECT f, l, f || ' ' || l, 't' || bh.house_id || '@tenant.example', '07' || lpad((bh.house_id % 100000000)::text, 8, '0'),
           lpad((10000000 + bh.house_id)::text, 8, '0'), bh.agent_id
    FROM bench_houses bh,
         LATERAL (SELECT (ARRAY['Achieng','Baraka','Chebet','Wanjiru','Otieno','Kamau','Njeri','Mutua'])[1 + bh.house_id % 8] AS f,
                         (ARRAY['Odhiambo','Kiprono','Mwangi','Wafula','Nyambura','Kariuki'])[1 + (bh.house_id / 8) % 6] AS l) names`);
  await exec(sql`INSERT INTO tenancies (agent_id, house_id, client_no, start_date, first_month, rent_cents, deposit_cents, id_number,
      employer, business, next_of_kin_name, next_of_kin_phone, booked_by)
    SELECT bh.agent_id, bh.house_id, c.client_no, ${s.firstMonth}::date + interval '4 days', ${s.firstMonth}::date, bh.rent_cents, 500000,
           c.id_number, 'Bench Employer', 'Bench Business', 'Next Of Kin', '0799000000', ba.owner_user_no
    FROM bench_houses bh
    JOIN clients c ON c.email = 't' || bh.house_id || '@tenant.example'
    JOIN bench_agents ba ON ba.agent_id = bh.agent_id`);

  // Each tenancy's first month, charged as a booking charges it: balanced lines.
  await exec(sql`WITH txn AS (
      INSERT INTO journal_transactions (agent_id, kind, tenancy_id, posted_at, details, charge_month, posted_by)
      SELECT t.agent_id, 'rent_charge', t.tenancy_id, t.start_date, 'Rent', t.first_month, t.booked_by FROM tenancies t
      RETURNING txn_id, tenancy_id, agent_id)
    INSERT INTO journal_lines (txn_id, agent_id, account, sub_account, tenancy_id, debit_cents, credit_cents)
    SELECT txn.txn_id, txn.agent_id, 'tenant', 'rent', txn.tenancy_id, t.rent_cents, 0 FROM txn JOIN tenancies t USING (tenancy_id)
    UNION ALL
    SELECT txn.txn_id, txn.agent_id, 'rent_income', NULL, NULL, 0, t.rent_cents FROM txn JOIN tenancies t USING (tenancy_id)`);
  // The bulk UPDATE above leaves dead rows; autovacuum would clear them in a live database.
  await exec(sql`VACUUM ANALYZE`);

  const big = (await db.execute(sql`SELECT agent_id, owner_user_no FROM bench_agents WHERE agency_no = 1`)) as unknown as {
    rows: { agent_id: string | number; owner_user_no: string | number }[];
  };
  const total = (await db.execute(sql`SELECT count(*)::int AS n FROM tenancies`)) as unknown as { rows: { n: number }[] };
  return { bigAgentId: Number(big.rows[0]!.agent_id), ownerUserNo: Number(big.rows[0]!.owner_user_no), total: Number(total.rows[0]!.n) };
}
