import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { testDatabaseKind } from '../test/database';
import { DatabaseState } from './fingerprint';
import { ROUTE_CASES, type RouteCase, type Target } from './route-cases';
import { buildWorld, type AccountWorld, type Principal, type World } from './world';

// Every route the app registers, called by every kind of principal with its
// own ids, another account's ids, and its own account named with another's
// record ids. Each cell's answer is written down (route-cases.ts); besides the
// status, no 2xx answer may carry a marker of an account the principal has no
// business with, and a refused write must leave the database as it was.

type Aim = 'own' | 'other' | 'mixed';
type Expected = { statuses: number[]; nothing?: boolean };

let app: FastifyInstance;
let state: DatabaseState;
let world: World;
beforeAll(async () => {
  app = await createTestApp();
  state = new DatabaseState(app);
  world = await buildWorld(app);
}, 120_000);
afterAll(() => app.close());

function aimsOf(principal: Principal, route: RouteCase): Aim[] {
  if (!principal.auth) return ['other'];
  if (route.access.kind === 'linked-landlord') return principal.linkedTo ? ['own', 'other'] : ['other'];
  if (route.access.kind === 'account') return principal.home ? ['own', 'other', 'mixed'] : ['other'];
  return route.access.kind === 'signed-in' ? ['own', 'other'] : ['own'];
}

function targetOf(principal: Principal, aim: Aim, n: number): Target {
  const own = principal.home ?? principal.linkedTo ?? principal.other;
  const agent = aim === 'other' ? principal.other : own;
  const records = aim === 'own' ? own : principal.other;
  return { agent, records, me: principal, n };
}

function expected(route: RouteCase, principal: Principal, aim: Aim): Expected {
  const access = route.access;
  if (access.kind === 'public') return { statuses: access.answers };
  if (!principal.auth) return { statuses: [401] };
  // A landlord's view opens through their own live link only; any other link does not exist for them.
  if (access.kind === 'linked-landlord') return { statuses: aim === 'own' ? access.ok : [404] };
  if (access.kind === 'signed-in') return { statuses: aim === 'own' || !principal.home ? access.own : access.other };
  // Another account, or one named through another account's record: no tie, so it does not exist.
  if (aim === 'other' || (aim === 'mixed' && access.derived)) return { statuses: [404] };
  if (principal.deactivated || !access.roles.includes(principal.role!)) return { statuses: [403] };
  // A user limited to one property (decision 061): A's other records are as another account's, on the routes open to them.
  if (principal.limitedTo) {
    if (!access.limited) return { statuses: [403] };
    return access.limited === 'not-found' ? { statuses: [404] } : { statuses: access.ok };
  }
  if (aim === 'own' || access.mixed === 'n/a') return { statuses: access.okByRole?.[principal.role!] ?? access.ok };
  const byRole = access.mixedByRole?.[principal.role!];
  if (byRole) return { statuses: byRole };
  return access.mixed === 'not-found' ? { statuses: [404] } : { statuses: [200], nothing: true };
}

function request(route: RouteCase, principal: Principal, target: Target): InjectOptions {
  const call = route.call(target);
  const url = call.query ? `${route.url}?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)]))}` : route.url;
  const headers = call.withAuth === false || !principal.auth ? {} : principal.auth;
  return { method: route.method, url, headers, ...(call.payload ? { payload: call.payload } : {}) };
}

/** How many records an answer holds: a JSON list's items, or a CSV file's rows below its header. */
function recordsIn(res: { headers: Record<string, unknown>; body: string; json: () => unknown }): number {
  if (String(res.headers['content-type']).startsWith('text/csv')) return res.body.split('\r\n').filter(Boolean).length - 1;
  return (res.json() as unknown[]).length;
}

function foreignMarkers(principal: Principal): AccountWorld[] {
  return world.accounts.filter((account) => !principal.sees.includes(account));
}

describe(`authorization matrix on ${testDatabaseKind}`, () => {
  it('has a written-down case for every route the app registers, and no case for a route it lacks', () => {
    const registered = app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${r.url}`);
    const written = ROUTE_CASES.map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !written.includes(r)), 'routes without a case').toEqual([]);
    expect(written.filter((r) => !registered.includes(r)), 'cases without a route').toEqual([]);
  });

  it('answers every cell as written, leaks nothing, and a refused write changes nothing', async () => {
    const failures: string[] = [];
    let cells = 0;
    let n = 0;
    for (const principal of world.principals) {
      for (const route of ROUTE_CASES) {
        for (const aim of aimsOf(principal, route)) {
          cells += 1;
          n += 1;
          const target = targetOf(principal, aim, n);
          const want = expected(route, principal, aim);
          const before = route.write ? await state.fingerprint() : undefined;
          const res = await app.inject(request(route, principal, target));
          const where = `${principal.name} → ${route.method} ${route.url} (${aim})`;
          if (!want.statuses.includes(res.statusCode)) {
            failures.push(`${where}: ${res.statusCode}, expected ${want.statuses.join('/')}: ${res.body.slice(0, 160)}`);
            continue;
          }
          if (res.statusCode < 300) {
            const body = res.body.toLowerCase();
            const placesPublished = route.access.kind === 'public' && route.access.places === 'published';
            const leaked = foreignMarkers(principal).filter(
              (a) => body.includes(a.marker.toLowerCase()) || (!placesPublished && body.includes(a.placeMarker.toLowerCase())),
            );
            if (leaked.length) failures.push(`${where}: shows data of ${leaked.map((a) => a.label).join(', ')}`);
            if (want.nothing && recordsIn(res) !== 0) failures.push(`${where}: answered ${res.body.slice(0, 160)}, expected nothing`);
          } else if (before !== undefined) {
            const after = await state.fingerprint();
            const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
            if (changed.length) failures.push(`${where}: refused with ${res.statusCode} but changed ${changed.join(', ')}`);
          }
        }
      }
    }
    const routes = new Set(ROUTE_CASES.map((r) => `${r.method} ${r.url}`)).size;
    console.info(
      `authorization matrix (${testDatabaseKind}): ${routes} routes × ${world.principals.length} principals × up to 3 targets = ${cells} cells, ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
  }, 900_000);

  it('sees a row written behind the app\'s back, so a refused write that wrote would be caught', async () => {
    const before = await state.fingerprint();
    await app.database.db.execute(
      sql`INSERT INTO mail_outbox (recipient, subject, body, transport) VALUES ('nobody@example.com', 'matrix', 'written behind the app', 'log')`,
    );
    const after = await state.fingerprint();
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['mail_outbox']);
  });
});
