import { describe, expect, it } from 'vitest';
import { deriveAgentType, deriveSpaceRole, type AgentTies } from './derivation';

const none: AgentTies = {
  adminAgentId: null,
  adminAccountSelf: null,
  managingAgentId: null,
  managingAgentSelf: null,
  managingAgentUserRole: null,
};

describe('deriveAgentType (docs/access.md#roles)', () => {
  it.each<[string, Partial<AgentTies>, number | null]>([
    ['admin agent, self 0 → agency admin', { adminAgentId: 7, adminAccountSelf: 0 }, 5100],
    ['admin agent, self 1 → landlord', { adminAgentId: 7, adminAccountSelf: 1 }, 5200],
    ['admin agent, self unknown → empty', { adminAgentId: 7, adminAccountSelf: null }, null],
    [
      'admin agent decides before a contract',
      { adminAgentId: 7, adminAccountSelf: 1, managingAgentId: 9, managingAgentSelf: 0 },
      5200,
    ],
    ['managing agent, self 0 → agency employee', { managingAgentId: 9, managingAgentSelf: 0 }, 5101],
    ['managing agent, self 1 → landlord employee', { managingAgentId: 9, managingAgentSelf: 1 }, 5201],
    ['managing agent, self unknown → empty', { managingAgentId: 9, managingAgentSelf: null }, null],
    ['neither → empty', {}, null],
  ])('%s', (_name, ties, expected) => {
    expect(deriveAgentType({ ...none, ...ties })).toBe(expected);
  });
});

describe('deriveSpaceRole (docs/access.md#roles)', () => {
  const landlordHired = {
    ...none,
    adminAgentId: 7,
    adminAccountSelf: 1 as const,
    managingAgentId: 9,
    managingAgentSelf: 0 as const,
    managingAgentUserRole: 5101 as const,
  };
  it.each<[string, string | null, AgentTies, ReturnType<typeof deriveSpaceRole>]>([
    [
      'myspace: the agent type, on the own account',
      'myspace',
      { ...none, adminAgentId: 7, adminAccountSelf: 1 },
      { role: 5200, managingAgentId: 7 },
    ],
    ['myspace without an account: none', 'myspace', none, null],
    [
      'agency, admin agent with type 5100: the agent type on the own agency',
      'agency',
      { ...none, adminAgentId: 7, adminAccountSelf: 0 },
      { role: 5100, managingAgentId: 7 },
    ],
    [
      'agency, admin agent with type 5200: the contract role on the managing agent',
      'agency',
      landlordHired,
      { role: 5101, managingAgentId: 9 },
    ],
    [
      'agency, type 5200 without a contract: none',
      'agency',
      { ...none, adminAgentId: 7, adminAccountSelf: 1 },
      null,
    ],
    [
      'agency without an admin agent: the contract role',
      'agency',
      { ...none, managingAgentId: 9, managingAgentSelf: 1, managingAgentUserRole: 5201 },
      { role: 5201, managingAgentId: 9 },
    ],
    ['agency with no ties: none', 'agency', none, null],
    [
      'outside both spaces: 5000 and no managing agent',
      null,
      landlordHired,
      { role: 5000, managingAgentId: null },
    ],
  ])('%s', (_name, space, ties, expected) => {
    expect(deriveSpaceRole(space, ties)).toEqual(expected);
  });
});
