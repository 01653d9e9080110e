import { describe, expect, it } from 'vitest';
import { recordingPg } from '../../test/recording-pg';
import { COUNT_AHEAD, listTenancies, type TenancyListOptions } from './repository';

/** What PostgreSQL is asked for one page of the tenancies list, the page always full. */
async function statementsOfAPage(options: Partial<TenancyListOptions>) {
  const limit = options.limit ?? 20;
  const { db, sent } = recordingPg((s) =>
    s.text.includes('count(*)') ? [{ total: 50_000 }] : Array.from({ length: limit }, (_, i) => ({ tenancy_id: i + 1 })),
  );
  const result = await listTenancies(db, { selection: { agentId: 7, ended: false }, limit, offset: 0, ...options });
  return { sent, result };
}

describe('the tenancies list on PostgreSQL', () => {
  it.each<[string, Partial<TenancyListOptions>]>([
    ['the whole list', {}],
    ['a filtered list', { filterBy: 'Tenant_name', filterValue: 'akinyi' }],
    ['those with balances', { withBalancesOnly: true }],
    ['the ended ones still owed', { selection: { agentId: 7, ended: true }, unsettledOnly: true }],
    ['a landlord\'s', { selection: { landlordNo: 12 } }],
  ])('names every statement of a page of %s, so PostgreSQL prepares it once per connection', async (_, options) => {
    const { sent } = await statementsOfAPage(options);
    expect(sent).toHaveLength(2);
    expect(sent.map((s) => s.name)).toEqual([
      expect.stringMatching(/^tenancies_page_[0-9a-f]{12}$/),
      expect.stringMatching(/^tenancies_count_[0-9a-f]{12}$/),
    ]);
  });

  it('counts no further than a stretch past the page: the count statement has its own limit', async () => {
    const { sent, result } = await statementsOfAPage({ offset: 40 });
    const count = sent[1]!;
    expect(count.text).toMatch(/SELECT count\(\*\)::int AS total FROM \(\s*SELECT 1\s.*LIMIT \$\d+\s*\) counted/s);
    expect(count.values.at(-1)).toBe(40 + COUNT_AHEAD + 1);
    // The stub said "50,000": more than the stretch counted, so the total is a floor, not a count.
    expect(result).toMatchObject({ exact: false, total: 40 + COUNT_AHEAD });
  });

  it('asks for no count when the page is not full', async () => {
    const { db, sent } = recordingPg(() => [{ tenancy_id: 1 }]);
    const result = await listTenancies(db, { selection: { agentId: 7, ended: false }, limit: 20, offset: 0 });
    expect(sent).toHaveLength(1);
    expect(result).toMatchObject({ exact: true, total: 1 });
  });
});
