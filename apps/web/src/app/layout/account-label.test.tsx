import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { loggedInSession, TIES } from '../../testing/session';
import { AccountLabel } from './account-label';

const ACCOUNTS = 'GET /api/usermanagement/getagentsmanagedbyuser';
const own = { AgentId: 11, Self: 1, AgentName: 'Wanjiru Rentals' };
const work = {
  ManagingAgentId: 22,
  ManagingAgentSelf: 0,
  ManagingAgentName: 'Jenga Agency',
  ManagingAgentOwnerName: 'Otieno Kamau',
  AgencyUserHireOfferId: 5,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AccountLabel', () => {
  it('links to Switch account when the user has another account to work in', async () => {
    mockApi({ [ACCOUNTS]: () => json(200, { agents: { myAgentAccount: own, managingAgentAccount: work } }) });
    renderWithProviders(<AccountLabel space="agency" />, {
      session: { session: loggedInSession(TIES.landlordHired) },
    });
    expect(await screen.findByText('managing Agent Account: Jenga Agency')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Switch account' })).toHaveAttribute(
      'href',
      '/propertymanagement/agency/agencySelection',
    );
  });

  it('has no Switch account with a single account', async () => {
    mockApi({
      [ACCOUNTS]: () =>
        json(200, {
          agents: {
            myAgentAccount: { ...own, Self: 0, AgentName: 'Baraka Homes' },
            managingAgentAccount: null,
          },
        }),
    });
    renderWithProviders(<AccountLabel space="agency" />, {
      session: { session: loggedInSession(TIES.agencyAdmin) },
    });
    expect(await screen.findByText('My Agent Account: Baraka Homes')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Switch account' })).not.toBeInTheDocument();
  });
});
