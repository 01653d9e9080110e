import { describe, expect, it } from 'vitest';
import { AGENT_TYPE, ROLE_LISTS } from './role-lists';

describe('role lists (docs/access.md#role-lists)', () => {
  it('lets every working role act, and only owners administer', () => {
    expect([...ROLE_LISTS.allAllowed].sort()).toEqual([5100, 5101, 5200, 5201]);
    expect([...ROLE_LISTS.adminOnlyAllowed].sort()).toEqual([AGENT_TYPE.AGENCY_ADMIN, AGENT_TYPE.LANDLORD]);
    expect(ROLE_LISTS.allowedMakeCashPayments).toEqual(ROLE_LISTS.allAllowed);
  });

  it('never lets the no-space default role act', () => {
    for (const list of Object.values(ROLE_LISTS)) {
      expect(list).not.toContain(AGENT_TYPE.DEFAULT);
    }
  });
});
