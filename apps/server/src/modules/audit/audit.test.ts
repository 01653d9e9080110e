import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { en, translatorFor } from '@makazi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { roleUrl, TEST_ROLES, testDatabaseKind } from '../../test/database';
import { agencyWithOwner, bookOk, estate, reverse, type Agency } from '../../test/estate';

describe('the audit trail', () => {
  let app: FastifyInstance;
  let agency: Agency;
  let other: Agency;
  let tenancyId: number;
  let receiptTxn: number;
  let tenantNo: number;

  beforeAll(async () => {
    app = await createTestApp();
    agency = await agencyWithOwner(app);
    other = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    tenantNo = await place.tenant('Zawadi');
    tenancyId = await bookOk(app, agency, place.houseIds[0]!, tenantNo);
    const receipt = await app.inject({
      method: 'POST',
      url: '/api/pmMoneyTransactions/rentreciept',
      headers: agency.auth,
      remoteAddress: '203.0.113.44',
      payload: { tenancyID: tenancyId, paymentdetails: 'Cash at the office', RecievedAmount: '2,500', ledgerName: 'Rent', idempotencyKey: 'audit-key-0001', managingAgentId: agency.agentId },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    receiptTxn = receipt.json().TransactionId;
  });
  afterAll(() => app.close());

  const trail = (who: Agency, query: string, agentId = who.agentId) =>
    app.inject({ method: 'GET', url: `/api/audit/events?managingAgentId=${agentId}&${query}`, headers: who.auth });

  it('records who, for which account, in which role, from which address, what and when', async () => {
    const res = await trail(agency, `table=journal_transactions&recordId=${receiptTxn}`);
    expect(res.statusCode).toBe(200);
    const [event] = res.json().events;
    expect(event).toMatchObject({
      table: 'journal_transactions',
      recordId: String(receiptTxn),
      action: 'insert',
      userNo: agency.userNo,
      role: 5100,
      ip: '203.0.113.44',
      userName: expect.any(String),
    });
    expect(new Date(event.at).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
  });

  it('keeps the before and after of the fields that changed', async () => {
    expect((await reverse(app, agency, receiptTxn)).statusCode).toBe(200);
    const updates = rowsOf<{ changes: Record<string, [unknown, unknown]> | string }>(
      await app.database.db.execute(sql`SELECT changes FROM audit_events WHERE table_name = 'tenancies' AND record_id = ${String(tenancyId)} AND action = 'update' ORDER BY event_id`),
    );
    const all = (await trail(agency, `table=tenancies&recordId=${tenancyId}`)).json().events;
    expect(all.map((e: { action: string }) => e.action)).toContain('insert');
    for (const u of updates) {
      const changes = typeof u.changes === 'string' ? JSON.parse(u.changes) : u.changes;
      for (const [before, after] of Object.values(changes) as [unknown, unknown][]) expect(before).not.toEqual(after);
    }
  });

  it('filters by person and date, and exports CSV', async () => {
    const mine = (await trail(agency, `userNo=${agency.userNo}`)).json().events;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e: { userNo: number }) => e.userNo === agency.userNo)).toBe(true);
    expect((await trail(agency, 'from=2000-01-01&to=2000-01-02')).json().events).toEqual([]);
    const csv = await app.inject({ method: 'GET', url: `/api/audit/events.csv?managingAgentId=${agency.agentId}&table=journal_transactions`, headers: agency.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Event,When,Record kind,Record,Action,Changes,User number,User,Role,Address');
    expect(csv.body).toContain('203.0.113.44');
  });

  it("records who was shown a client's ID number", async () => {
    const shown = await app.inject({
      method: 'GET',
      url: `/api/client/getClientByClientNo?managingAgentId=${agency.agentId}&clientNo=${tenantNo}`,
      headers: agency.auth,
      remoteAddress: '203.0.113.45',
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const reads = (await trail(agency, `table=clients&recordId=${tenantNo}`)).json().events.filter((e: { action: string }) => e.action === 'read');
    expect(shown.json()[0].Id_number).toBeTruthy();
    expect(reads).toEqual([
      expect.objectContaining({ userNo: agency.userNo, ip: '203.0.113.45', changes: { id_number: ['[read]', '[read]'] } }),
    ]);
  });

  it('names the person for a write made outside a transaction (registering a client)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client/register',
      headers: agency.auth,
      remoteAddress: '203.0.113.46',
      payload: { First_name: 'Baraka', Last_name: 'Otieno', Email: 'baraka.audit@example.com', PhoneNo: '0711222444', Id_number: '34567890', CapturingAgentId: agency.agentId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [event] = (await trail(agency, `table=clients&recordId=${res.json().clientNo}`)).json().events;
    expect(event).toMatchObject({ action: 'insert', userNo: agency.userNo, role: 5100, ip: '203.0.113.46' });
  });

  it("records who was shown a tenant's ID number on the tenancy's details", async () => {
    const shown = await app.inject({
      method: 'GET',
      url: `/api/tenancy/gettenancybyid?tenancyId=${tenancyId}&managingAgentId=${agency.agentId}`,
      headers: agency.auth,
      remoteAddress: '203.0.113.47',
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().Tenant_ID_number).toBeTruthy();
    const reads = (await trail(agency, `table=tenancies&recordId=${tenancyId}`)).json().events.filter((e: { action: string }) => e.action === 'read');
    expect(reads).toEqual([
      expect.objectContaining({ userNo: agency.userNo, ip: '203.0.113.47', changes: { id_number: ['[read]', '[read]'] } }),
    ]);
    const clientReads = (await trail(agency, `table=clients&recordId=${tenantNo}`)).json().events.filter(
      (e: { action: string; ip: string }) => e.action === 'read' && e.ip === '203.0.113.47',
    );
    expect(clientReads).toHaveLength(1);
  });

  it('keeps binary columns (a PDF, a photo) out of the trail', async () => {
    const ddl = ['CREATE TABLE audit_blob (blob_id int PRIMARY KEY, agent_id bigint, note text, body bytea)', 'SELECT audit_attach_all()'];
    if (testDatabaseKind === 'postgres') {
      const name = rowsOf<{ db: string }>(await app.database.db.execute(sql`SELECT current_database() AS db`))[0]!.db;
      const owner = new pg.Client({ connectionString: roleUrl(process.env.TEST_DATABASE_URL!, name, TEST_ROLES.owner) });
      await owner.connect();
      for (const statement of [...ddl, 'GRANT ALL ON audit_blob TO PUBLIC']) await owner.query(statement);
      await owner.end();
    } else {
      for (const statement of ddl) await app.database.db.execute(sql.raw(statement));
    }
    await app.database.db.execute(sql`INSERT INTO audit_blob VALUES (3, ${agency.agentId}, 'first', decode(repeat('ab', 5000), 'hex'))`);
    await app.database.db.execute(sql`UPDATE audit_blob SET note = 'second', body = decode('cd', 'hex') WHERE blob_id = 3`);
    const events = (await trail(agency, 'table=audit_blob&recordId=3')).json().events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['update', 'insert']);
    expect(events[0].changes).toEqual({ note: ['first', 'second'], body: ['[binary]', '[binary]'] });
    expect(events[1].changes.body).toEqual(['[binary]', '[binary]']);
    expect(JSON.stringify(events)).not.toContain('abab');
  });

  it("another account's admin sees none of it", async () => {
    expect((await trail(other, `table=journal_transactions&recordId=${receiptTxn}`)).json().events).toEqual([]);
    expect((await trail(other, '', agency.agentId)).statusCode).toBe(404);
  });

  it('is append-only: changing or deleting an event is refused by the database', async () => {
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (error: { message?: string; cause?: { message?: string } }) => error.cause?.message ?? error.message,
      );
    // PGlite runs as the owner: the guard refuses. PostgreSQL's app role may not even try (privileges.ts).
    const refused = /append-only|permission denied/;
    expect(await refusal(app.database.db.execute(sql`UPDATE audit_events SET ip = 'forged'`))).toMatch(refused);
    expect(await refusal(app.database.db.execute(sql`DELETE FROM audit_events`))).toMatch(refused);
    expect(await refusal(app.database.db.execute(sql`TRUNCATE audit_events`))).toMatch(refused);
  });

  it('a table made by a later migration joins the trail, secrets kept out', async () => {
    // Tables are made by the migrating owner, who then attaches them (database.ts).
    const ddl = ['CREATE TABLE audit_probe (probe_id int PRIMARY KEY, agent_id bigint, note text, pin_hash text)', 'SELECT audit_attach_all()'];
    if (testDatabaseKind === 'postgres') {
      const name = rowsOf<{ db: string }>(await app.database.db.execute(sql`SELECT current_database() AS db`))[0]!.db;
      const owner = new pg.Client({ connectionString: roleUrl(process.env.TEST_DATABASE_URL!, name, TEST_ROLES.owner) });
      await owner.connect();
      for (const statement of [...ddl, 'GRANT ALL ON audit_probe TO PUBLIC']) await owner.query(statement);
      await owner.end();
    } else {
      for (const statement of ddl) await app.database.db.execute(sql.raw(statement));
    }
    await app.database.db.execute(sql`INSERT INTO audit_probe VALUES (7, ${agency.agentId}, 'first', 'secret-1')`);
    await app.database.db.execute(sql`UPDATE audit_probe SET note = 'second', pin_hash = 'secret-2' WHERE probe_id = 7`);
    const events = (await trail(agency, 'table=audit_probe&recordId=7')).json().events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['update', 'insert']);
    expect(events[0].changes).toEqual({ note: ['first', 'second'], pin_hash: ['[hidden]', '[hidden]'] });
    // A new row's empty fields are left out; an update to or from empty is kept.
    await app.database.db.execute(sql`INSERT INTO audit_probe VALUES (8, ${agency.agentId}, NULL, NULL)`);
    await app.database.db.execute(sql`UPDATE audit_probe SET note = 'filled' WHERE probe_id = 8`);
    const [filled, created] = (await trail(agency, 'table=audit_probe&recordId=8')).json().events;
    expect(created.changes).toEqual({ probe_id: [null, 8], agent_id: [null, agency.agentId] });
    expect(filled.changes).toEqual({ note: [null, 'filled'] });
    expect(JSON.stringify(events)).not.toContain('secret-');
    // New rows are written to the trail once per statement (migration 0050): each row of a many-row insert has its own event.
    await app.database.db.execute(sql`INSERT INTO audit_probe VALUES (11, ${agency.agentId}, 'eleven', 'secret-3'), (12, NULL, NULL, NULL)`);
    const [eleven] = (await trail(agency, 'table=audit_probe&recordId=11')).json().events;
    expect(eleven.changes).toEqual({ probe_id: [null, 11], agent_id: [null, agency.agentId], note: [null, 'eleven'], pin_hash: ['[hidden]', '[hidden]'] });
    const twelve = rowsOf<{ changes: unknown }>(
      await app.database.db.execute(sql`SELECT changes FROM audit_events WHERE table_name = 'audit_probe' AND record_id = '12'`),
    );
    expect(twelve.map((e) => e.changes)).toEqual([{ probe_id: [null, 12] }]);
  });

  it('names every audited kind of record in both languages, not by its table', async () => {
    const audited = rowsOf<{ table: string }>(
      await app.database.db.execute(
        sql`SELECT DISTINCT event_object_table AS table FROM information_schema.triggers WHERE trigger_name = 'audit_change' ORDER BY 1`,
      ),
    )
      .map((r) => r.table)
      // The tables these tests make (audit_probe, audit_blob) to show a later migration's table joins the trail.
      .filter((table) => !table.startsWith('audit_'));
    expect(audited).toContain('tenancies');
    expect(audited.filter((table) => !(table in en.audit.tables))).toEqual([]);
    expect(translatorFor('sw')('audit.tables.journal_transactions')).toBe('muamala');
  });
});
