import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/database';
import { createTestApp } from '../test/app';
import { setPaybill } from '../test/mpesa';
import { sendLink } from '../test/tenant-side';
import { testDatabaseKind } from '../test/database';
import { DatabaseState } from './fingerprint';
import { ROUTE_CASES, type Call, type RouteCase } from './route-cases';
import { buildWorld, type Principal, type World } from './world';

// Bad input never reaches the database. Every operation of the OpenAPI
// document is called with its valid request bent one way at a time: a field
// of the wrong type, a huge or odd string, a control character, a prototype
// key, a body that is not an object. No answer may be a 5xx, and a refusal
// must leave every table as it was. Bounded so the suite stays quick.

interface Operation {
  method: RouteCase['method'];
  url: string;
  fields: string[];
  /** The fields that take a calendar day ('YYYY-MM-DD'), as the document describes them. */
  dateFields: string[];
  inBody: boolean;
  route: RouteCase;
}

let app: FastifyInstance;
let state: DatabaseState;
let world: World;
let owner: Principal;
let operations: Operation[];
let n = 0;
/** The owner's real callback token: bent Daraja bodies reach the parsing, not a 404 for an unknown token. */
let callbackToken: string;
/** The same for the STK callback and for a tenant link of the owner's tenancy. */
const STK_TOKEN = 'fuzzstktokenfuzzstktokenfuzzstktoken';
let stkToken = STK_TOKEN;
let linkToken: string;
/** Africa's Talking's delivery reports come to the server's own secret address. */
const DELIVERY_TOKEN = 'fuzzdeliverytokenfuzzdeliverytoken';
const tokenFor = (url: string) =>
  ['/api/mpesa/stk/', '/api/mpesa/payouts/', '/api/mpesa/pull/', '/api/mpesa/status/'].some((prefix) => url.startsWith(prefix))
    ? stkToken
    : url.startsWith('/api/t/')
      ? linkToken
      : url.startsWith('/api/sms/delivery/')
        ? DELIVERY_TOKEN
        : callbackToken;

beforeAll(async () => {
  // SMS on, at an address nothing answers: nothing in this test sends, but delivery reports have their route.
  app = await createTestApp({
    sms: { baseUrl: 'http://127.0.0.1:9', username: 'makazi', apiKey: 'fuzz', senderId: undefined, deliveryToken: DELIVERY_TOKEN },
  });
  state = new DatabaseState(app);
  world = await buildWorld(app);
  owner = world.principals.find((p) => p.name === 'owner of agency A')!;
  operations = operationsOf((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
  const paybill = await setPaybill(app, owner.home!.owner);
  callbackToken = paybill.confirmationPath.split('/').at(-2)!;
  // Daraja settings as a row: the callback needs only its token; with no DARAJA_SECRETS_KEY, Pay now answers 409, never calls out.
  await app.database.db.execute(
    `INSERT INTO daraja_credentials (agent_id, shortcode, secrets, callback_token, updated_at, updated_by)
     VALUES (${owner.home!.agentId}, '174379', 'v1.x.x.x', '${STK_TOKEN}', now(), ${owner.home!.owner.userNo})`,
  );
  // Agency B's tenancy: the owner of A sending or revoking A's link during the run must not end this one.
  const b = world.principals.find((p) => p.name === 'owner of agency B')!.home!;
  linkToken = await sendLink(app, b.owner, b.tenancyId);
}, 120_000);
afterAll(() => app.close());

type FieldSchema = { pattern?: string; format?: string; anyOf?: FieldSchema[] };
type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string; schema?: FieldSchema }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, FieldSchema> } }> } }>
  >;
};

const takesADay = (schema: FieldSchema | undefined): boolean =>
  !!schema && (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || (schema.anyOf ?? []).some(takesADay));

function operationsOf(doc: OpenApi): Operation[] {
  const found: Operation[] = [];
  for (const [url, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      // The document spells a path parameter {token}, the router :token.
      const route = ROUTE_CASES.find((r) => r.url === url.replace(/\{(\w+)\}/g, ':$1') && r.method === method.toUpperCase());
      if (!route) throw new Error(`no case for ${method} ${url}: add one to route-cases.ts`);
      const properties = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const bodyFields = Object.keys(properties);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const inBody = route.method !== 'GET';
      const dateFields = inBody
        ? bodyFields.filter((f) => takesADay(properties[f]))
        : query.filter((p) => takesADay(p.schema)).map((p) => p.name);
      found.push({ method: route.method, url, fields: inBody ? bodyFields : query.map((p) => p.name), dateFields, inBody, route });
    }
  }
  return found;
}

const NASTY_TEXT = [
  'nul\u0000byte',
  'escape\u001b[31mred',
  'x'.repeat(3_000),
  '\u{1F600}'.repeat(1_500),
  "'; DROP TABLE clients; --",
  '99999999999999999999999',
  '-1',
  '1e308',
  '90071992547409.91',
  '',
];
const NASTY_VALUES: unknown[] = [...NASTY_TEXT, 2 ** 53 + 2, 1e308, -1, 2 ** 31, 1.5, true, null, [], {}, ['a'], { nested: { deeper: 'x' } }];

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_VALUES),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

type Bend =
  | { kind: 'field'; field: string; value: unknown }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'drop'; field: string }
  | { kind: 'whole'; value: unknown };

function validCall(op: Operation): Call {
  n += 1;
  const home = owner.home!;
  return op.route.call({ agent: home, records: home, me: owner, n: 1_000_000 + n });
}

/** The request with one thing bent; JSON written by hand so a "__proto__" key survives as sent. */
function bent(op: Operation, bend: Bend): InjectOptions {
  const call = validCall(op);
  const url = op.url.replace('{token}', tokenFor(op.url)).replace('{originator}', 'fuzz-originator');
  // Logging out is called without credentials, as in the matrix: the owner keeps working.
  const auth = call.withAuth === false ? {} : owner.auth;
  const headers = { ...auth, 'content-type': 'application/json' };
  const fields: Record<string, unknown> = { ...(op.inBody ? call.payload : call.query) };
  let rawBody: string | undefined;
  if (bend.kind === 'field') fields[bend.field] = bend.value;
  if (bend.kind === 'drop') delete fields[bend.field];
  if (bend.kind === 'whole') rawBody = JSON.stringify(bend.value);
  const extra = bend.kind === 'extra' ? `${JSON.stringify(bend.key)}:${JSON.stringify(bend.value)}` : '';
  if (op.inBody) {
    rawBody ??= `{${[JSON.stringify(fields).slice(1, -1), extra].filter(Boolean).join(',')}}`;
    return { method: op.method, url, headers, payload: rawBody };
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) query.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  if (bend.kind === 'extra') query.append(bend.key, typeof bend.value === 'string' ? bend.value : JSON.stringify(bend.value));
  return { method: op.method, url: `${url}?${query}`, headers: auth };
}

/**
 * The callback tokens as they stand: a bend the server accepts on rotating the
 * paybill's token (or saving Daraja settings) gives the agency new callback
 * addresses, and the old ones rightly answer 404 from then on.
 */
async function refreshTokens() {
  const agentId = owner.home!.agentId;
  const [paybill] = rowsOf<{ callback_token: string }>(await app.database.db.execute(sql`SELECT callback_token FROM mpesa_paybills WHERE agent_id = ${agentId}`));
  const [daraja] = rowsOf<{ callback_token: string }>(await app.database.db.execute(sql`SELECT callback_token FROM daraja_credentials WHERE agent_id = ${agentId}`));
  if (paybill) callbackToken = paybill.callback_token;
  if (daraja) stkToken = daraja.callback_token;
}

async function check(op: Operation, bend: Bend): Promise<string | null> {
  const before = op.route.write ? await state.fingerprint() : undefined;
  const res = await app.inject(bent(op, bend));
  if (op.route.write && res.statusCode < 300) await refreshTokens();
  const label = `${op.method} ${op.url} ${JSON.stringify(bend).slice(0, 120)}`;
  if (res.statusCode >= 500) return `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
  // A 401 on a signed-in route would mean the input never reached the code under test.
  if (res.statusCode === 401 && op.route.access.kind !== 'public') return `${label}: 401, the owner's session was lost`;
  if (op.url.includes('{token}') && res.statusCode === 404) return `${label}: 404, the callback never reached its body`;
  if (before && res.statusCode >= 400) {
    const after = await state.fingerprint();
    // A callback's refusal keeps the body for reconciling (and the audit trail records that insert): that one write is the point.
    const kept = op.url.includes('{token}') ? ['mpesa_rejections', 'audit_events'] : [];
    const changed = Object.keys(after).filter((t) => after[t] !== before[t] && !kept.includes(t));
    if (changed.length) return `${label}: refused with ${res.statusCode} but changed ${changed.join(', ')}`;
  }
  return null;
}

describe(`bad input on ${testDatabaseKind}`, () => {
  it('every field of every operation refuses the classic bad values without a 5xx or a write', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const op of operations) {
      for (const field of op.fields) {
        for (const value of ['nul\u0000byte', 'x'.repeat(3_000), 2 ** 53 + 2, { nested: 'x' }]) {
          requests += 1;
          const failure = await check(op, { kind: 'field', field, value });
          if (failure) failures.push(failure);
        }
      }
      for (const bend of [
        { kind: 'extra', key: '__proto__', value: { polluted: true } },
        { kind: 'extra', key: 'constructor', value: { prototype: { polluted: true } } },
        { kind: 'whole', value: [] },
      ] as Bend[]) {
        requests += 1;
        const failure = await check(op, bend);
        if (failure) failures.push(failure);
      }
    }
    console.info(`fuzz sweep (${testDatabaseKind}): ${operations.length} operations, ${requests} requests, ${failures.length} failed`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures).toEqual([]);
  }, 300_000);

  it('every date field refuses a day that does not exist with a 400 and its own message, changing nothing', async () => {
    const dated = operations.filter((op) => op.dateFields.length);
    // The fields the issue found answering 500 or 200 must be among those swept.
    const swept = dated.flatMap((op) => op.dateFields.map((f) => `${op.method} ${op.url} ${f}`));
    for (const expected of [
      'POST /api/landlord-money/payout PayoutDate',
      'POST /api/landlord-money/expense ExpenseDate',
      'POST /api/landlord-money/pass-through/payment PaidOn',
      'GET /api/landlord-money/remittance date',
      'POST /api/landlord-money/remittance PayoutDate',
      'GET /api/audit/events from',
      'GET /api/audit/events to',
      'GET /api/mpesa/reconciliation from',
      'GET /api/mpesa/reconciliation to',
    ])
      expect(swept).toContain(expected);
    const failures: string[] = [];
    for (const op of dated) {
      for (const field of op.dateFields) {
        const shapeless = await app.inject(bent(op, { kind: 'field', field, value: 'not a date' }));
        const message = shapeless.json().message as string;
        for (const value of ['2025-02-30', '2025-04-31', '2025-13-01', '2025-00-10', '0000-01-01']) {
          const label = `${op.method} ${op.url} ${field}=${value}`;
          const failure = await check(op, { kind: 'field', field, value });
          if (failure) failures.push(failure);
          const res = await app.inject(bent(op, { kind: 'field', field, value }));
          if (res.statusCode !== 400) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (res.json().message !== message) failures.push(`${label}: "${res.json().message}", not the field's own "${message}"`);
        }
      }
    }
    console.info(`impossible dates (${testDatabaseKind}): ${swept.length} date fields`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('random bends of random operations never answer 5xx or write on a refusal', async () => {
    const bendOf = (op: Operation): fc.Arbitrary<Bend> => {
      const choices: fc.Arbitrary<Bend>[] = [
        fc.record({ kind: fc.constant('extra' as const), key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.string({ maxLength: 12 })), value: junk }),
        fc.record({ kind: fc.constant('whole' as const), value: junk }),
      ];
      if (op.fields.length) {
        choices.push(fc.record({ kind: fc.constant('field' as const), field: fc.constantFrom(...op.fields), value: junk }));
        choices.push(fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom(...op.fields) }));
      }
      return fc.oneof(...choices);
    };
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: operations.length - 1 }).chain((i) => fc.tuple(fc.constant(operations[i]!), bendOf(operations[i]!))),
        async ([op, bend]) => {
          const failure = await check(op, bend);
          if (failure) failures.push(failure);
          return failure === null;
        },
      ),
      // Without FUZZ_SEED, CI's fixed seed (test/setup.ts) or a new one locally.
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300), ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
