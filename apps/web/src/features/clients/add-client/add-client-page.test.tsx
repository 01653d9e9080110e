import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi, offline } from '../../../testing/mock-api';
import { AGENCY_ID, agencyOwnerSession } from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { AddClientPage } from './add-client-page';
import { ClientRegisteredPage } from './client-registered-page';

const REGISTER = 'POST /api/client/register';

function renderPage() {
  return renderWithProviders(null, {
    routes: [
      { path: '/propertymanagement/:space/client/addclient', element: <AddClientPage /> },
      { path: '/propertymanagement/:space/client/addclient/success', element: <ClientRegisteredPage /> },
    ],
    initialEntries: ['/propertymanagement/agency/client/addclient'],
    session: agencyOwnerSession,
  });
}

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await userEvent.type(screen.getByLabelText(label), value);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddClientPage', () => {
  it("shows the domain's messages and sends nothing while the form is wrong", async () => {
    const api = mockApi({});
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Register Client' }));
    expect(await screen.findAllByText('Name is required')).toHaveLength(2);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone No is required')).toBeInTheDocument();

    await fill({ 'Email Address': 'jane@', 'Phone No': '0712', 'ID number': '12' });
    await userEvent.click(screen.getByRole('button', { name: 'Register Client' }));
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Id must be 6 to 8 digits')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('registers with the capturing agent and shows the success screen with the number', async () => {
    const api = mockApi({
      [REGISTER]: () => json(201, { message: 'Client registered successfully', clientNo: 1003 }),
    });
    const { router } = renderPage();
    await fill({
      'First Name': 'Zawadi',
      'Last Name': 'Kamau',
      'Email Address': 'z@example.com',
      'Phone No': '0722000111',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Register Client' }));

    expect(await screen.findByText('Client registered')).toBeInTheDocument();
    expect(api.bodiesOf(REGISTER)).toEqual([
      {
        First_name: 'Zawadi',
        Last_name: 'Kamau',
        Email: 'z@example.com',
        PhoneNo: '0722000111',
        CapturingAgentId: AGENCY_ID,
        Preferred_language: 'en',
      },
    ]);
    expect(screen.getByText('Zawadi Kamau')).toBeInTheDocument();
    expect(screen.getByTestId('client-number')).toHaveTextContent('1003');
    expect(screen.getByRole('link', { name: 'Book a new tenancy' })).toHaveAttribute(
      'href',
      '/propertymanagement/agency/tenancymanagement/booknewtency',
    );
    expect(router.state.location.state).toEqual({
      From: '/propertymanagement/agency/client/addclient',
      ClientNo: 1003,
      Name: 'Zawadi Kamau',
    });
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/propertymanagement/agency/client/addclient');
  });

  it("takes the tenant's KRA PIN as KRA writes it, refuses one that is not, and sends it in capitals", async () => {
    const api = mockApi({
      [REGISTER]: () => json(201, { message: 'Client registered successfully', clientNo: 1004 }),
    });
    renderPage();
    await fill({
      'First Name': 'Zawadi',
      'Last Name': 'Kamau',
      'Email Address': 'z@example.com',
      'Phone No': '0722000111',
      'KRA PIN (optional)': 'A12345678B',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Register Client' }));
    expect(await screen.findByText('A KRA PIN is a letter, nine digits and a letter, e.g. A123456789B')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('KRA PIN (optional)'));
    await userEvent.type(screen.getByLabelText('KRA PIN (optional)'), 'a123456789b');
    await userEvent.click(screen.getByRole('button', { name: 'Register Client' }));
    expect(await screen.findByText('Client registered')).toBeInTheDocument();
    expect(api.bodiesOf(REGISTER)).toEqual([expect.objectContaining({ Kra_pin: 'A123456789B' })]);
  });

  it("shows the server's refusal, and the generic message when the network fails", async () => {
    let reply = () => json(400, { message: 'Email is invalid' });
    mockApi({ [REGISTER]: () => reply() });
    renderPage();
    await fill({
      'First Name': 'Zawadi',
      'Last Name': 'Kamau',
      'Email Address': 'z@example.com',
      'Phone No': '0722000111',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Register Client' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is invalid');

    reply = offline as never;
    await userEvent.click(screen.getByRole('button', { name: 'Register Client' }));
    expect(await screen.findByText('Something Went wrong. Try Again Later')).toBeInTheDocument();
  });
});
