import { HIRING_MESSAGES, type AuthResponse } from '@makazi/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { loggedInSession, TIES } from '../../testing/session';
import { PropertyManagementLayout } from './property-management-layout';
import { RootLayout } from './root-layout';
import { Sidebar } from './sidebar';

const routes = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <p>welcome</p> },
      { path: 'unauthorized', element: <p>unauthorized page</p> },
      {
        path: 'propertymanagement/:space',
        element: <PropertyManagementLayout />,
        handle: { Sidebar },
        children: [
          { index: true, element: <p>pm content</p> },
          { path: '*', element: <p>pm content</p> },
        ],
      },
    ],
  },
];

const accounts = {
  agents: {
    myAgentAccount: { AgentId: 11, Self: 0, AgentName: 'Baraka Homes' },
    managingAgentAccount: {
      ManagingAgentId: 22,
      ManagingAgentSelf: 0,
      ManagingAgentName: 'Jenga Agency',
      ManagingAgentOwnerName: 'Otieno Kamau',
      AgencyUserHireOfferId: 5,
    },
  },
};

function open(path: string, ties: Partial<AuthResponse>, answer: () => Response = () => json(200, accounts)) {
  mockApi({ 'GET /api/usermanagement/getagentsmanagedbyuser': answer });
  return renderWithProviders(null, {
    routes,
    initialEntries: [path],
    session: { session: loggedInSession({ userName: 'Jane', ...ties }) },
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Property Management dropdown', () => {
  it('enters My Agency and records the space', async () => {
    const { router, store } = open('/', TIES.agencyAdmin);
    await userEvent.click(await screen.findByRole('button', { name: 'Property Management' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Create Property management Account')).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'My Agency' }));
    expect(router.state.location.pathname).toBe('/propertymanagement/agency');
    expect(store.getState().userSpace).toMatchObject({
      space: 'agency',
      currentRole: 5100,
      currentManagingAgentId: 11,
    });
  });

  it('shows a locked work account disabled with its note', async () => {
    open('/', { ...TIES.agencyEmployee, managingAgentUserLoginStatus: 0 });
    await userEvent.click(await screen.findByRole('button', { name: 'Property Management' }));
    const menu = await screen.findByRole('menu');
    const work = within(menu).getByRole('menuitem', { name: /My Work - Agency Account/ });
    expect(work).toBeDisabled();
    expect(work).toHaveTextContent(
      '(You are not allowed to access work account. Contact your work account Admin to allow you in)',
    );
    expect(
      within(menu).getByRole('menuitem', { name: 'Create Property management Account' }),
    ).toHaveAttribute('href', '/propertymanagement/createagencyaccount');
  });

  it('is absent when logged out', () => {
    renderWithProviders(null, { routes });
    expect(screen.queryByRole('button', { name: 'Property Management' })).not.toBeInTheDocument();
  });
});

describe('Header account label', () => {
  it('names the own agency', async () => {
    open('/propertymanagement/agency', TIES.agencyAdmin);
    expect(screen.getByTestId('account-label')).toHaveTextContent('Loading.... Please Wait!');
    expect(await screen.findByText('My Agent Account: Baraka Homes')).toBeInTheDocument();
  });

  it('reads MySpace in myspace', () => {
    open('/propertymanagement/myspace', TIES.landlord);
    expect(screen.getByTestId('account-label')).toHaveTextContent('MySpace');
  });

  it('names the managing agency of a work account', async () => {
    open('/propertymanagement/agency', TIES.agencyEmployee);
    expect(await screen.findByText('managing Agent Account: Jenga Agency')).toBeInTheDocument();
  });

  it('names the owner of a landlord work account', async () => {
    const landlordWork = {
      agents: {
        myAgentAccount: null,
        managingAgentAccount: { ...accounts.agents.managingAgentAccount, ManagingAgentSelf: 1 },
      },
    };
    open('/propertymanagement/agency', TIES.landlordEmployee, () => json(200, landlordWork));
    expect(await screen.findByText('Landord account for Otieno Kamau')).toBeInTheDocument();
  });

  it('says so when the accounts cannot be fetched', async () => {
    open('/propertymanagement/agency', TIES.agencyAdmin, () => json(500, { message: 'boom' }));
    expect(await screen.findByText('An error occured fetching agent accounts.')).toBeInTheDocument();
  });
});

describe('Sidebar', () => {
  const navLabels = () =>
    within(screen.getByRole('navigation', { name: 'Property management' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('shows admin items to an agency admin, linked to the current space', async () => {
    open('/propertymanagement/agency/dashboard', TIES.agencyAdmin);
    await screen.findByText('My Agent Account: Baraka Homes');
    expect(navLabels()).toEqual(['Home', 'Dashboard', 'Admin', 'Money transactions', 'M-Pesa', 'Bank statements', "Accountant's export", 'Receipt notices', 'Landlord money', 'Audit trail', 'Anti-money laundering', 'Data protection', 'Properties', 'Maintenance']);
    const nav = screen.getByRole('navigation', { name: 'Property management' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/propertymanagement/agency/admin',
    );
    expect(screen.getByText('Hi Jane')).toBeInTheDocument();
  });

  it('hides Admin from an employee, and Money transactions without the payment permission', async () => {
    mockApi({ 'GET /api/usermanagement/getagentsmanagedbyuser': () => json(200, accounts) });
    const session = loggedInSession({ userName: 'Jane', ...TIES.agencyEmployee });
    session.roles = { ...session.roles, segmentedPermisions: { allowedMakeCashPayments: [5100] } };
    renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/agency'],
      session: { session },
    });
    await screen.findByText('managing Agent Account: Jenga Agency');
    expect(navLabels()).toEqual(['Home', 'Dashboard', 'Data protection', 'Properties', 'Maintenance']);
  });

  it('shows the programmer button only to a listed programmer', async () => {
    const { unmount } = open('/propertymanagement/myspace', TIES.landlord);
    expect(screen.queryByRole('button', { name: 'Programer logged in' })).not.toBeInTheDocument();
    unmount();
    open('/propertymanagement/myspace', {
      ...TIES.landlord,
      roles: { ...loggedInSession().roles, programmerOnlyAllowed: [7] },
    });
    expect(screen.getByRole('button', { name: 'Programer logged in' })).toBeInTheDocument();
  });
});

describe('Space guard', () => {
  it('sends a logged-out visitor home', () => {
    const { router } = renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/agency/dashboard'],
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a user without an account in agency to unauthorized', () => {
    const { router } = open('/propertymanagement/agency/dashboard', TIES.none);
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('lets only a landlord into myspace', () => {
    const { router } = open('/propertymanagement/myspace', TIES.agencyAdmin);
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('lets a landlord work in an agency that hired them', async () => {
    open('/propertymanagement/agency', TIES.landlordHired);
    expect(await screen.findByText('managing Agent Account: Jenga Agency')).toBeInTheDocument();
    expect(screen.getByText('pm content')).toBeInTheDocument();
  });

  it('shows Authenticating... while the session has no user number yet', () => {
    mockApi({ 'POST /api/userauth/logout': () => json(200, { message: 'Logged out' }) });
    renderWithProviders(null, {
      routes: [{ path: '/propertymanagement/:space', element: <PropertyManagementLayout /> }],
      initialEntries: ['/propertymanagement/agency'],
      session: { session: { ...loggedInSession(TIES.agencyAdmin), userNo: null } },
    });
    expect(screen.getByText('Authenticating...')).toBeInTheDocument();
  });

  it('tells a hired user whose login status is 0 that their access is switched off, with only Home in the menu', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = open('/propertymanagement/agency/dashboard', {
      ...TIES.agencyEmployee,
      managingAgentUserLoginStatus: 0,
    });
    expect(screen.getByRole('heading', { name: HIRING_MESSAGES.accessSwitchedOff })).toBeInTheDocument();
    expect(screen.queryByText('You are not authorised to view this page')).not.toBeInTheDocument();
    expect(screen.queryByText('pm content')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Property management' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home']);
    // The notice stays to be read; the user leaves through the menu.
    await vi.advanceTimersByTimeAsync(5000);
    expect(router.state.location.pathname).toBe('/propertymanagement/agency/dashboard');
  });
});
