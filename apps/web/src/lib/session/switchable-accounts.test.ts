import { describe, expect, it } from 'vitest';

import { loggedInSession, TIES } from '../../testing/session';
import { switchableAccounts } from './switchable-accounts';

const own = (Self: 0 | 1) => ({ AgentId: 11, Self, AgentName: Self === 1 ? 'Wanjiru Rentals' : 'Baraka Homes' });
const work = (ManagingAgentSelf: 0 | 1) => ({
  ManagingAgentId: 22,
  ManagingAgentSelf,
  ManagingAgentName: 'Jenga Agency',
  ManagingAgentOwnerName: 'Otieno Kamau',
  AgencyUserHireOfferId: 5,
});

describe('switchableAccounts', () => {
  it('lists a hired landlord’s own space and the agency that hired them', () => {
    const list = switchableAccounts(loggedInSession(TIES.landlordHired), {
      myAgentAccount: own(1),
      managingAgentAccount: work(0),
    });
    expect(list.map(({ key, title, name, space, agentId, locked }) => ({ key, title, name, space, agentId, locked }))).toEqual([
      { key: 'own', title: 'My space', name: 'Wanjiru Rentals', space: 'myspace', agentId: 11, locked: false },
      { key: 'work', title: 'My Work', name: 'Jenga Agency', space: 'agency', agentId: 22, locked: false },
    ]);
  });

  it('names a landlord work account by its owner and keeps a switched-off one locked', () => {
    const [only] = switchableAccounts(
      loggedInSession({ ...TIES.landlordEmployee, managingAgentUserLoginStatus: 0 }),
      { myAgentAccount: null, managingAgentAccount: work(1) },
    );
    expect(only).toMatchObject({ title: 'My Work', name: 'Landord account for Otieno Kamau', kind: 'Landlord Account', locked: true });
  });

  it('has one entry for an agency owner and none for a user without accounts', () => {
    expect(switchableAccounts(loggedInSession(TIES.agencyAdmin), { myAgentAccount: own(0), managingAgentAccount: null })).toEqual([
      expect.objectContaining({ title: 'My Agency', space: 'agency', agentId: 11 }),
    ]);
    expect(switchableAccounts(loggedInSession(TIES.none), { myAgentAccount: null, managingAgentAccount: null })).toEqual([]);
    expect(switchableAccounts(loggedInSession(TIES.landlordHired), undefined)).toEqual([]);
  });

  it('leaves out a work account the session does not lead the agency space to', () => {
    // The session was read before the contract: the agency space still means nothing for this user.
    const list = switchableAccounts(loggedInSession(TIES.landlord), { myAgentAccount: own(1), managingAgentAccount: work(0) });
    expect(list.map((a) => a.key)).toEqual(['own']);
  });
});
