import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { testDatabaseKind } from '../test/database';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../test/estate';
import { expense, setAgreement } from '../test/landlord';
import { rowsOf } from './database';

let app: FastifyInstance;
let agency: Agency;
let propId: number;
let expenseId: number;
beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
  propId = place.propId;
  expect((await setAgreement(app, agency, propId)).statusCode).toBe(200);
  // Rent collected, so the landlord holds money an expense may be paid from.
  const tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
  expect((await pay(app, agency, tenancyId, '10,000', 'kept-rent')).statusCode).toBe(200);
  const made = await expense(app, agency, propId, '1,500');
  expect(made.statusCode, made.body).toBe(200);
  expenseId = Number(made.json().ExpenseId);
  // A confirmed water month, as confirming readings writes it.
  await app.database.db.execute(sql`
    INSERT INTO water_months (prop_id, month, agent_id, confirmed_at, confirmed_by)
    VALUES (${propId}, '2027-01-01', ${agency.agentId}, now(), ${agency.userNo})`);
});
afterAll(() => app.close());

// The app's own connection: on PostgreSQL the least-privileged role, on PGlite the only one.
const refusal = (query: ReturnType<typeof sql>) =>
  app.database.db.execute(query).then(
    () => 'allowed',
    (error: { cause?: { message?: string }; message?: string }) => error.cause?.message ?? error.message ?? 'refused',
  );
const REFUSED = /permission denied|kept as recorded|cannot become/;

describe(`recorded payouts, expenses, agreements and water months on ${testDatabaseKind}`, () => {
  it('cannot be changed, deleted or emptied by the app', async () => {
    for (const statement of [
      sql`UPDATE landlord_payouts SET amount_cents = 1`,
      sql`DELETE FROM landlord_payouts`,
      // CASCADE: M-Pesa payouts point at the payouts they posted, and a plain TRUNCATE would stop at that, not at the guard.
      sql`TRUNCATE landlord_payouts CASCADE`,
      sql`UPDATE management_agreements SET effective_from = '2020-01-01'`,
      sql`UPDATE management_agreements SET created_at = '2020-01-01'`,
      sql`DELETE FROM management_agreements`,
      sql`UPDATE property_expenses SET amount_cents = 1 WHERE expense_id = ${expenseId}`,
      sql`UPDATE property_expenses SET payee = 'Someone else' WHERE expense_id = ${expenseId}`,
      sql`UPDATE property_expenses SET status = 'awaiting_approval' WHERE expense_id = ${expenseId}`,
      sql`DELETE FROM property_expenses WHERE expense_id = ${expenseId}`,
      sql`UPDATE water_months SET agent_id = 0`,
      sql`DELETE FROM water_months`,
    ])
      expect(await refusal(statement)).toMatch(REFUSED);
    expect(await refusal(sql`SELECT count(*) FROM management_agreements WHERE prop_id = ${propId}`)).toBe('allowed');
    // Saving the same day's agreement again replaces its terms, as the form allows.
    expect((await setAgreement(app, agency, propId, { CommissionPercent: '8.00' })).statusCode).toBe(200);
  });

  it("still takes the changes its flows make: an expense's receipt scanned, the expense reversed once; a water month counting up", async () => {
    expect(await refusal(sql`UPDATE property_expenses SET receipt_name = 'scan.pdf' WHERE expense_id = ${expenseId}`)).toBe('allowed');
    const statusOf = async () =>
      rowsOf<{ status: string }>(await app.database.db.execute(sql`SELECT status FROM property_expenses WHERE expense_id = ${expenseId}`))[0]!.status;
    expect(await statusOf()).toBe('posted');
    const reverse = () =>
      app.inject({
        method: 'POST',
        url: '/api/landlord-money/expense/reverse',
        headers: agency.auth,
        payload: { managingAgentId: agency.agentId, ExpenseId: expenseId, reason: 'Entered twice' },
      });
    expect((await reverse()).statusCode).toBe(200);
    expect(await statusOf()).toBe('reversed');
    expect((await reverse()).statusCode).toBe(409);
    expect(await refusal(sql`UPDATE property_expenses SET status = 'posted' WHERE expense_id = ${expenseId}`)).toMatch(REFUSED);

    expect(await refusal(sql`UPDATE water_months SET charged_count = charged_count + 1, amount_cents = amount_cents + 500 WHERE prop_id = ${propId}`)).toBe('allowed');
    expect(await refusal(sql`UPDATE water_months SET amount_cents = 0 WHERE prop_id = ${propId}`)).toMatch(REFUSED);
  });
});
