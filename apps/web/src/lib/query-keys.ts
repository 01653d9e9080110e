import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of money-moving data, hierarchical so a change invalidates by
 * prefix: everything of an agent's tenancies, one statement, the ledgers (with
 * their receipts), the invoicing status (with its runs).
 */
export const queryKeys = {
  tenancies: (agentId: number) => ['tenancies', agentId] as const,
  statements: (agentId: number) => ['statement', agentId] as const,
  statement: (agentId: number, tenancyId: number) => ['statement', agentId, tenancyId] as const,
  ledgers: (agentId: number) => ['ledgers', agentId] as const,
  invoicing: (agentId: number) => ['invoicing', agentId] as const,
};

type MoneyEvent =
  | { kind: 'booked' | 'terminated' }
  | { kind: 'receipt'; tenancyId: number }
  | { kind: 'invoiced' }
  | { kind: 'reversed' | 'settled' };

/** What a change makes stale, in one place. Properties and houses change occupancy on booking and termination. */
export function invalidateAfter(client: QueryClient, agentId: number, event: MoneyEvent): Promise<unknown> {
  const prefixes: (readonly unknown[])[] = [queryKeys.tenancies(agentId)];
  if (event.kind === 'booked' || event.kind === 'terminated') prefixes.push(['properties', agentId], ['houses', agentId]);
  if (event.kind === 'receipt') prefixes.push(queryKeys.statement(agentId, event.tenancyId), queryKeys.ledgers(agentId));
  if (event.kind === 'invoiced') prefixes.push(queryKeys.statements(agentId), queryKeys.invoicing(agentId));
  if (event.kind === 'reversed' || event.kind === 'settled' || event.kind === 'terminated')
    prefixes.push(queryKeys.statements(agentId), queryKeys.ledgers(agentId));
  return Promise.all(prefixes.map((queryKey) => client.invalidateQueries({ queryKey })));
}
