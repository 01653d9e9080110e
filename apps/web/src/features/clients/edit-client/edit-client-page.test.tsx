import type { Client } from '@makazi/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { authResponse } from '../../../testing/auth-response';
import { json, mockApi, offline } from '../../../testing/mock-api';
import { AGENCY_ID, agencyOwnerSession } from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { EditClientPage } from './edit-client-page';

const SEARCH = 'GET /api/client/getclientbyProvideddetails';
const EDIT = 'POST /api/client/editclientdetails';

const zawadi: Client = {
  ClientNo: 1003,
  Full_name: 'Zawadi Kamau',
  First_name: 'Zawadi',
  Last_name: 'Kamau',
  Email: 'z@example.com',
  PhoneNo: '0722000111',
  Id_number: null,
  Preferred_language: 'en',
};

async function findZawadi(handlers: Parameters<typeof mockApi>[0] = {}, session = agencyOwnerSession) {
  const api = mockApi({ [SEARCH]: () => json(200, [zawadi]), ...handlers });
  renderWithProviders(null, {
    routes: [{ path: '/propertymanagement/:space/client/editclientdetails', element: <EditClientPage /> }],
    initialEntries: ['/propertymanagement/agency/client/editclientdetails'],
    session,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Search Client' }));
  await userEvent.click(screen.getByRole('combobox', { name: 'Search By?' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Full_name' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Zawadi');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.dblClick(await screen.findByText('Zawadi Kamau'));
  return api;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EditClientPage', () => {
  it("links an admin to the client's history in the audit trail", async () => {
    const roles = authResponse().roles;
    await findZawadi({}, { session: { ...agencyOwnerSession.session!, roles } } as typeof agencyOwnerSession);
    const link = await screen.findByRole('link', { name: 'History' });
    expect(link).toHaveAttribute('href', '/propertymanagement/agency/audit?table=clients&recordId=1003');
  });

  it('shows the chosen client read-only until Edit', async () => {
    await findZawadi();
    expect(await screen.findByLabelText('Full Name')).toHaveValue('Zawadi Kamau');
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('readonly');
    // A session that is not an admin of the account has no history link.
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Full Name')).not.toHaveAttribute('readonly');
  });

  it('warns about no changes without calling the server', async () => {
    const api = await findZawadi();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No changes made to the client details.')).toBeInTheDocument();
    expect(api.bodiesOf(EDIT)).toEqual([]);
  });

  it("checks the email with the edit form's message and saves a change", async () => {
    const api = await findZawadi({ [EDIT]: () => json(200, { message: 'Client details updated' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const email = screen.getByLabelText('Email Address');
    await userEvent.clear(email);
    await userEvent.type(email, 'zawadi@');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid Email2')).toBeInTheDocument();

    await userEvent.type(email, 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client details updated')).toBeInTheDocument();
    expect(api.bodiesOf(EDIT)).toEqual([
      {
        ClientNo: 1003,
        Full_name: 'Zawadi Kamau',
        Kra_pin: '',
        Email: 'zawadi@example.com',
        PhoneNo: '0722000111',
        managingAgentId: AGENCY_ID,
        Preferred_language: 'en',
      },
    ]);
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
  });

  it("shows the server's message, and the generic failure for 4 s", async () => {
    let reply = () =>
      json(409, { message: 'This client signs in with this email; only they can change it.' });
    await findZawadi({ [EDIT]: () => reply() });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Phone No'));
    await userEvent.type(screen.getByLabelText('Phone No'), '0799000111');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This client signs in with this email; only they can change it.'),
    ).toBeInTheDocument();

    reply = offline as never;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went Wrong. Try again later!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_100));
    expect(screen.queryByText('Something went Wrong. Try again later!')).not.toBeInTheDocument();
  });
});
