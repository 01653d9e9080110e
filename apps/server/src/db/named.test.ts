import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchClientsOfAgent } from '../modules/clients/repository';
import { housesOfAgents } from '../modules/houses/repository';
import { listProperties } from '../modules/properties/repository';
import { recordingPg } from '../test/recording-pg';
import type { Db } from './database';
import { executeNamed } from './named';

describe('executeNamed', () => {
  it('sends the statement to node-postgres under a name, so PostgreSQL prepares it once per connection', async () => {
    const { db, sent } = recordingPg();
    await executeNamed(db, 'tenancies_page', sql`SELECT ${1}::int AS n`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.name).toMatch(/^tenancies_page_[0-9a-f]{12}$/);
    expect(sent[0]!.values).toEqual([1]);
  });

  it('keeps one name for one text whatever the values, and another name for another text', async () => {
    const { db, sent } = recordingPg();
    await executeNamed(db, 'list', sql`SELECT ${1}::int AS n`);
    await executeNamed(db, 'list', sql`SELECT ${2}::int AS n`);
    await executeNamed(db, 'list', sql`SELECT ${1}::int AS n, ${2}::int AS m`);
    expect(sent[0]!.name).toBe(sent[1]!.name);
    expect(sent[2]!.name).not.toBe(sent[0]!.name);
  });
});

describe('the hot lists on PostgreSQL', () => {
  it.each<[string, RegExp, (db: Db) => Promise<unknown>]>([
    ['client search', /^clients_search_/, (db) => searchClientsOfAgent(db, 7, 'Full_name', 'akinyi', 20)],
    ['properties', /^properties_list_/, (db) => listProperties(db, [7])],
    ['a page of houses', /^houses_page_/, (db) => housesOfAgents(db, [7], { limit: 100, offset: 0 })],
  ])('sends %s as a named statement', async (_, name, list) => {
    const { db, sent } = recordingPg();
    await list(db);
    expect(sent.map((s) => s.name)).toEqual([expect.stringMatching(name)]);
  });
});
