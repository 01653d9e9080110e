import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { loggedInSession, TIES } from '../../testing/session';
import { ProfileMenu } from './profile-menu';

const ACCOUNTS = 'GET /api/usermanagement/getagentsmanagedbyuser';
const hiredLandlord = {
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

function renderMenu(ties: object, at: string) {
  return renderWithProviders(null, {
    initialEntries: [at],
    session: { session: loggedInSession(ties) },
    routes: [
      { path: '/settings/:id', element: <ProfileMenu /> },
      { path: '/propertymanagement/:space', element: <ProfileMenu /> },
      { path: '/propertymanagement/:space/dashboard', element: <ProfileMenu /> },
    ],
  });
}

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: /account menu/ }));
  return screen.findByRole('menu');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfileMenu: Switch account', () => {
  it('lists every account the user may work in, from any page, and switches to the one chosen', async () => {
    mockApi({ [ACCOUNTS]: () => json(200, hiredLandlord) });
    const { router, store } = renderMenu(TIES.landlordHired, '/settings/7');
    const menu = await openMenu();
    expect(await within(menu).findByText('Switch account')).toBeInTheDocument();
    const own = within(menu).getByRole('menuitem', { name: /My space: Wanjiru Rentals/ });
    expect(own).toBeEnabled();
    const work = within(menu).getByRole('menuitem', { name: /My Work: Jenga Agency/ });
    await userEvent.click(work);
    expect(router.state.location.pathname).toBe('/propertymanagement/agency');
    expect(store.getState().userSpace).toMatchObject({ space: 'agency', currentManagingAgentId: 22 });
  });

  it('marks the account worked in now', async () => {
    mockApi({ [ACCOUNTS]: () => json(200, hiredLandlord) });
    renderMenu(TIES.landlordHired, '/propertymanagement/myspace/dashboard');
    const menu = await openMenu();
    const own = await within(menu).findByRole('menuitem', { name: /My space: Wanjiru Rentals/ });
    expect(own).toHaveAttribute('aria-current', 'true');
    expect(within(own).getByText('Current')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /My Work/ })).not.toHaveAttribute('aria-current');
  });

  it('keeps a switched-off work account listed but closed, with the reason', async () => {
    mockApi({ [ACCOUNTS]: () => json(200, hiredLandlord) });
    renderMenu({ ...TIES.landlordHired, managingAgentUserLoginStatus: 0 }, '/settings/7');
    const menu = await openMenu();
    const work = await within(menu).findByRole('menuitem', { name: /My Work: Jenga Agency/ });
    expect(work).toBeDisabled();
    expect(work).toHaveTextContent('Contact your work account Admin to allow you in');
  });

  it('is not offered with a single account', async () => {
    const api = mockApi({
      [ACCOUNTS]: () =>
        json(200, {
          agents: {
            myAgentAccount: { AgentId: 11, Self: 0, AgentName: 'Baraka Homes' },
            managingAgentAccount: null,
          },
        }),
    });
    renderMenu(TIES.agencyAdmin, '/propertymanagement/agency/dashboard');
    const menu = await openMenu();
    await vi.waitFor(() => expect(api.bodiesOf(ACCOUNTS)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByText('Switch account')).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Baraka Homes/ })).not.toBeInTheDocument();
  });
});
