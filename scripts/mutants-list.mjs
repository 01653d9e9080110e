// The known bugs `npm run test:mutants` (scripts/mutants.mjs) applies one at a
// time, each expected to make its test fail. scripts/mutants.test.mjs checks,
// inside `npm test`, that every mutant's `from` text is in its file exactly
// once: a rename there fails CI instead of leaving a mutant that tests nothing.
const ledger = 'apps/server/src/modules/ledger';
const charges = 'apps/server/src/modules/charges';
export const TEST = `${ledger}/ledger-model.test.ts`;

export const MUTANTS = [
  {
    name: 'fresh idempotency keys (a retried receipt posts again)',
    test: 'apps/server/src/modules/money/money.test.ts',
    testName: 'posts once for a repeated key',
    model: true,
    file: 'apps/server/src/modules/money/service.ts',
    from: 'const source = { client: input.idempotencyKey };',
    to: 'const source = { client: `${input.idempotencyKey}-${Math.random()}` };',
  },
  {
    name: 'the monthly run charges double rent',
    test: 'apps/server/src/modules/invoicing/invoicing.test.ts',
    model: true,
    file: `${ledger}/monthly-run.ts`,
    from: 'sql`t.rent_cents`)} AS amount, m::date AS month',
    to: 'sql`t.rent_cents`)} * 2 AS amount, m::date AS month',
  },
  {
    name: 'the monthly run charges ended tenancies',
    test: 'apps/server/src/modules/invoicing/invoicing.test.ts',
    testName: 'skips ended tenancies',
    model: true,
    file: `${ledger}/monthly-run.ts`,
    from: 'WHERE t.agent_id = ${agentId} AND t.ended_at IS NULL AND',
    to: 'WHERE t.agent_id = ${agentId} AND',
  },
  {
    name: 'landlord: commission on the deposit (deposit money counted as the landlord\'s)',
    test: 'apps/server/src/modules/landlord-money/collections.test.ts',
    testName: 'a deposit paid is the tenant',
    model: true,
    edits: [
      {
        file: 'apps/server/src/modules/landlord-money/journal.ts',
        from: "WHERE l.account = 'tenant' AND l.tenancy_id = ANY(${ids}::bigint[]) AND l.sub_account <> 'deposit'",
        to: "WHERE l.account = 'tenant' AND l.tenancy_id = ANY(${ids}::bigint[])",
      },
      {
        file: 'apps/server/src/modules/landlord-money/journal.ts',
        from: "const CHARGE_KINDS = sql.raw(`'rent_charge', 'recurring_charge', 'water_charge', 'penalty', 'opening_arrears'`);",
        to: "const CHARGE_KINDS = sql.raw(`'rent_charge', 'recurring_charge', 'water_charge', 'penalty', 'opening_arrears', 'deposit_charge'`);",
      },
      {
        file: 'packages/domain/src/landlord/split.ts',
        from: "if (subAccount === 'rent' || subAccount === 'water' || subAccount === 'penalty') return subAccount;",
        to: "if (subAccount === 'rent' || subAccount === 'water' || subAccount === 'penalty') return subAccount;\n  if (subAccount === 'deposit') return 'rent';",
      },
      { file: 'apps/server/drizzle/0044_landlord_charge_money.sql', from: "sub_account IN ('rent', 'penalty', 'water')", to: "sub_account IN ('rent', 'penalty', 'water', 'deposit')" },
    ],
  },
  {
    name: 'landlord: a reversal that leaves the commission (its commission line taken back from the landlord instead)',
    test: 'apps/server/src/modules/landlord-money/collections.test.ts',
    testName: 'a reversal takes back the landlord',
    model: true,
    file: 'apps/server/src/modules/landlord-money/journal.ts',
    from: 'SELECT txn.txn_id, share.agent_id, share.account, share.sub_account, share.landlord_no',
    to: "SELECT txn.txn_id, share.agent_id, CASE WHEN share.account = 'commission' THEN 'landlord' ELSE share.account END, share.sub_account, share.landlord_no",
  },
  {
    name: 'landlord: a payout allowed over the landlord\'s balance',
    test: 'apps/server/src/modules/payouts/payouts.test.ts',
    testName: 'pays up to the balance and refuses more',
    model: true,
    file: 'apps/server/src/modules/payouts/service.ts',
    from: 'if (p.amount > balance) throw new Invalid(MONEY_OUT_MESSAGES.overBalance(',
    to: 'if (p.amount > balance + p.amount) throw new Invalid(MONEY_OUT_MESSAGES.overBalance(',
  },
  {
    name: 'landlord: a pass-through charge credited to the landlord',
    // The property test's commands reach a paid pass-through charge too rarely to count on: the API test of charges' money catches it.
    test: 'apps/server/src/modules/landlord-money/charge-money.test.ts',
    testName: 'a service charge paid is the landlord',
    file: 'apps/server/src/modules/landlord-money/collections.ts',
    from: 'const passedOn = passedOnShare(collected, t.charged, t.chargedPassedOn) - t.recognizedPassedOn;',
    to: 'const passedOn = 0 * passedOnShare(collected, t.charged, t.chargedPassedOn) - t.recognizedPassedOn;',
  },
  {
    name: 'landlord: commission on every charge kind, whatever the agreement names',
    test: 'apps/server/src/modules/landlord-money/charge-money.test.ts',
    testName: 'a service charge paid is the landlord',
    file: 'apps/server/src/modules/landlord-money/journal.ts',
    from: "CASE WHEN (CASE WHEN s.sub LIKE 'charge:%' THEN 'service' ELSE s.sub END) = ANY(a.commission_kinds) THEN",
    to: 'CASE WHEN true THEN',
  },
  {
    name: 'landlord: a payment onward allowed over what is owed onward',
    test: 'apps/server/src/modules/pass-through/pass-through.test.ts',
    testName: 'pays up to what the property owes onward',
    model: true,
    file: 'apps/server/src/modules/pass-through/service.ts',
    from: 'if (input.Amount > owed)\n',
    to: 'if (input.Amount > owed + input.Amount)\n',
  },
  {
    name: 'landlord: a payment onward taken from the landlord’s balance instead of the pass-through payable',
    test: 'apps/server/src/modules/pass-through/pass-through.test.ts',
    testName: 'pays up to what the property owes onward',
    model: true,
    file: 'apps/server/src/modules/pass-through/service.ts',
    from: "{ account: 'pass_through', credit: -input.Amount, sub: input.Charge },",
    to: "{ account: 'landlord', credit: -input.Amount, sub: input.Charge },",
  },
  {
    name: 'landlord: a payment onward sent twice not answered with the first (its form key never found)',
    test: 'apps/server/src/modules/pass-through/pass-through.test.ts',
    testName: 'records a payment once',
    model: true,
    file: 'apps/server/src/modules/pass-through/service.ts',
    from: 'const earlier = await repo.paymentByKey(tx, agentId, input.idempotencyKey);',
    to: 'const earlier = await repo.paymentByKey(tx, agentId, `${input.idempotencyKey}-${Math.random()}`);',
  },
  {
    name: 'landlord: the month of tax withheld also counting the next month’s 1st',
    test: 'apps/server/src/modules/landlord-money/month-rules.test.ts',
    testName: 'the month is its own days',
    file: 'apps/server/src/modules/landlord-money/month-repository.ts',
    from: "AND t.money_date < (q.month + interval '1 month')::date",
    to: "AND t.money_date <= (q.month + interval '1 month')::date",
  },
  {
    name: 'landlord: a reversal split at today’s agreement and MRI rate instead of taken back as booked',
    // Without the contra entries, levelling the tenancy takes the money back at the terms in force on the reversal's day.
    test: 'apps/server/src/modules/landlord-money/collections.test.ts',
    testName: 'a reversal after the agreement changed',
    file: 'apps/server/src/modules/landlord-money/collections.ts',
    from: '  await postLandlordReversals(db, {',
    to: '  if (r.agentId < 0) await postLandlordReversals(db, {',
  },
  {
    name: 'a penalty on the deposit (the base counts the deposit owed as unpaid rent)',
    test: TEST,
    testName: 'penalties, pinned',
    model: true,
    file: `${charges}/penalties.ts`,
    from: "l.tenancy_id = ten.tenancy_id AND l.sub_account = 'rent'",
    to: "l.tenancy_id = ten.tenancy_id AND l.sub_account IN ('rent', 'deposit')",
  },
  {
    name: 'a penalty twice in a month (no guard: not in the query, not at insert, not in the database)',
    test: TEST,
    testName: 'penalties, pinned',
    model: true,
    edits: [
      {
        file: `${charges}/penalties.ts`,
        from: "AND NOT EXISTS (SELECT 1 FROM journal_transactions p WHERE p.tenancy_id = r.tenancy_id AND p.kind = 'penalty' AND p.charge_month = r.charge_month)",
        to: 'AND true',
      },
      { file: `${charges}/penalties.ts`, from: "ON CONFLICT (tenancy_id, charge_month) WHERE kind = 'penalty' DO NOTHING", to: '' },
      { file: 'apps/server/drizzle/0028_charges.sql', from: 'CREATE UNIQUE INDEX "journal_one_penalty_per_month"', to: 'CREATE INDEX "journal_one_penalty_per_month"' },
    ],
  },
  {
    name: 'allocation to the newest charge first',
    test: 'packages/domain/src/charges/allocation.test.ts',
    project: 'domain',
    model: true,
    file: 'packages/domain/src/charges/allocation.ts',
    from: 'const order = [...open].sort(byAge);',
    to: 'const order = [...open].sort(byAge).reverse();',
  },
];

