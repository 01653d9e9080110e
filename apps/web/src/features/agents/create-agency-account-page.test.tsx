import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { authResponse } from '../../testing/auth-response';
import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { loggedInSession, TIES } from '../../testing/session';
import { CreateAgencyAccountPage } from './create-agency-account-page';

const path = '/propertymanagement/createagencyaccount';
const routes = [
  { path, element: <CreateAgencyAccountPage /> },
  { path: '/propertymanagement/:space', element: <p>space home</p> },
];

function renderPage(ties = TIES.none) {
  return renderWithProviders(null, {
    routes,
    initialEntries: [path],
    session: { session: loggedInSession(ties) },
  });
}

async function fillIn({ name = 'Baraka Homes', address = 'Moi Avenue 12' } = {}) {
  await userEvent.click(screen.getByRole('radio', { name: 'Agency account' }));
  await userEvent.type(screen.getByLabelText(/Agent Name/), name);
  await userEvent.type(screen.getByLabelText(/Kra Pin/), 'P051234567X');
  await userEvent.type(screen.getByLabelText(/Address/), address);
  await userEvent.click(screen.getByRole('radio', { name: 'No' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CreateAgencyAccountPage', () => {
  it('shows every required message on an empty submit', async () => {
    const api = mockApi({});
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Choose the account type')).toBeInTheDocument();
    expect(screen.getByText('Agent name is required')).toBeInTheDocument();
    expect(screen.getByText('Kra pin is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Say whether you own property')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('checks the lengths of name and address', async () => {
    mockApi({});
    renderPage();
    await fillIn({ name: 'Ba', address: 'Moi' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Agent name too short')).toBeInTheDocument();
    expect(screen.getByText('Adress too short')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Agent Name/), 'x'.repeat(20));
    expect(await screen.findByText('Agent name too Long')).toBeInTheDocument();
  });

  it('creates the account, re-reads the session and celebrates', async () => {
    const api = mockApi({
      'POST /api/agent/createagent': () =>
        json(201, { message: 'Account Created Successfully', AgentId: 11 }),
      'POST /api/userauth/authenticateuser': () =>
        json(200, authResponse({ accessToken: 'token-2', ...TIES.agencyAdmin })),
    });
    const { store, router } = renderPage();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Account Created Successfully' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/agent/createagent')).toEqual([
      {
        ClientNo: 12,
        Self: 0,
        AgentName: 'Baraka Homes',
        Kra_pin: 'P051234567X',
        Address: 'Moi Avenue 12',
        HasOwnProperty: false,
      },
    ]);
    expect(store.getState().session).toMatchObject({
      adminAgentId: 11,
      adminAccountSelf: 0,
      accessToken: 'token-2',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Go to My Agency' }));
    expect(router.state.location.pathname).toBe('/propertymanagement/agency');
    expect(store.getState().userSpace.space).toBe('agency');
  });

  it("shows the server's message on a conflict", async () => {
    mockApi({
      'POST /api/agent/createagent': () =>
        json(409, { message: 'You already have a property management account.' }),
    });
    renderPage();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have a property management account.',
    );
  });

  it('offers no form to a user who already has an account', () => {
    mockApi({});
    renderPage(TIES.landlord);
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    expect(screen.getByText('You already have a property management account.')).toBeInTheDocument();
  });
});
