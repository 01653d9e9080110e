import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { loggedInSession, TIES } from '../../testing/session';
import { AgencySelectionPage } from './agency-selection-page';

const accounts = {
  agents: {
    myAgentAccount: { AgentId: 11, Self: 1, AgentName: 'Wanjiru Rentals' },
    managingAgentAccount: {
      ManagingAgentId: 22,
      ManagingAgentSelf: 0,
      ManagingAgentName: 'Jenga Agency',
      ManagingAgentOwnerName: 'Otieno Kamau',
      AgencyUserHireOfferId: 5,
    },
  },
};

const routes = [
  { path: '/propertymanagement/:space/agencySelection', element: <AgencySelectionPage /> },
  { path: '/propertymanagement/:space', element: <p>space home</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AgencySelectionPage', () => {
  it('switches a hired landlord from My space to the agency that hired them, dropping cached data', async () => {
    mockApi({ 'GET /api/usermanagement/getagentsmanagedbyuser': () => json(200, accounts) });
    const clear = vi.spyOn(QueryClient.prototype, 'clear');
    const { router, store } = renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/myspace/agencySelection'],
      session: {
        session: loggedInSession(TIES.landlordHired),
        userSpace: { space: 'myspace', currentManagingAgentId: 11 } as never,
      },
    });
    const own = await screen
      .findByRole('article', { name: 'My space' })
      .catch(() => screen.findByLabelText('My space'));
    expect(within(own).getByRole('button', { name: 'Working here' })).toBeDisabled();
    const work = screen.getByLabelText('My Work');
    expect(within(work).getByText('Jenga Agency')).toBeInTheDocument();
    await userEvent.click(within(work).getByRole('button', { name: 'Work in My Work' }));
    expect(router.state.location.pathname).toBe('/propertymanagement/agency');
    expect(store.getState().userSpace).toMatchObject({
      space: 'agency',
      currentManagingAgentId: 22,
      currentRole: 5101,
    });
    expect(clear).toHaveBeenCalled();
  });

  it('keeps a locked work account closed', async () => {
    mockApi({ 'GET /api/usermanagement/getagentsmanagedbyuser': () => json(200, accounts) });
    renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/myspace/agencySelection'],
      session: { session: loggedInSession({ ...TIES.landlordHired, managingAgentUserLoginStatus: 0 }) },
    });
    const work = await screen.findByLabelText('My Work');
    expect(within(work).getByRole('button', { name: 'Work in My Work' })).toBeDisabled();
    expect(work).toHaveTextContent('Contact your work account Admin to allow you in');
  });

  it('says so when the accounts cannot be fetched', async () => {
    mockApi({ 'GET /api/usermanagement/getagentsmanagedbyuser': () => json(500, {}) });
    renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/myspace/agencySelection'],
      session: { session: loggedInSession(TIES.landlord) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occured fetching agent accounts.');
  });
});
