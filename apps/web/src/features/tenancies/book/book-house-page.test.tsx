import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../../testing/mock-api';
import { agencyOwnerSession } from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { BookHousePage } from './book-house-page';

const house = (HouseId: number, House_number: string, Occupied: string) => ({
  HouseId,
  PropId: 3,
  House_number,
  Description: 'Two bedroom',
  Occupied,
  Rent: 15000,
  Deposit: 30000.5,
  readiness: 0,
  Property_name: 'Baraka Court',
});
const houses = [house(21, 'A1', 'No'), house(22, 'A2', 'Yes')];
const client = { ClientNo: 55, Full_name: 'Achieng Otieno', First_name: 'Achieng', Last_name: 'Otieno', Email: 'a@example.com', PhoneNo: '0712345678', Id_number: null, Preferred_language: 'en' };

const BOOK = 'POST /api/tenancy/newtenancyinit';
const api = (book = () => json(201, { message: 'Tenancy booked successfully', TenancyId: 9 })) =>
  mockApi({
    // The page asks for the one house in its URL, not for every house.
    'GET /api/house/getallhouses': (_body, { url }) =>
      json(200, houses.filter((h) => h.HouseId === Number(new URL(url, 'http://x').searchParams.get('HouseId')))),
    'GET /api/house/gethousesbyPropId': () => json(200, houses),
    'GET /api/client/getclientbyProvideddetails': () => json(200, [client]),
    [BOOK]: book,
  });

function renderPage() {
  return renderWithProviders(null, {
    routes: [
      { path: '/propertymanagement/:space/tenancymanagement/booknewtency/:HouseId', element: <BookHousePage /> },
      { path: '/propertymanagement/:space/tenancymanagement/tenancies/:TenancyId', element: <p>tenancy page</p> },
    ],
    initialEntries: ['/propertymanagement/agency/tenancymanagement/booknewtency/21'],
    session: agencyOwnerSession,
  });
}

async function chooseClient(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Search Client' }));
  const dialog = await screen.findByRole('dialog', { name: 'Search Client' });
  await user.click(screen.getByRole('combobox', { name: 'Search By?' }));
  await user.click(await screen.findByRole('option', { name: 'Full_name' }));
  await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Achieng');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.dblClick(await screen.findByText('Achieng Otieno'));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BookHousePage', () => {
  it("lists the property's houses, vacant ones selectable, and prefills rent and deposit", async () => {
    api();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Book house A1, Baraka Court' })).toBeInTheDocument();
    expect(screen.getByText('Occupied')).toBeInTheDocument();
    expect(screen.getByLabelText('Rent')).toHaveValue('15,000.00');
    expect(screen.getByLabelText('Deposit')).toHaveValue('30,000.50');
    expect(screen.getByText(/The first month's rent is charged in full, whatever day of the month the tenancy starts/)).toBeInTheDocument();
  });

  it("shows the booking rules' messages", async () => {
    const user = userEvent.setup();
    const mock = api();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Book Tenancy' }));
    expect(await screen.findByText('ClientNo is required')).toBeInTheDocument();
    expect(screen.getByText('Id is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Id Number'), '123');
    await user.type(screen.getByLabelText('Tenant Employer'), 'abc');
    await user.type(screen.getByLabelText('Next of kin name'), 'Jo');
    await user.type(screen.getByLabelText('Next of kin phone'), '07123');
    expect(await screen.findByText('Id is too short')).toBeInTheDocument();
    expect(screen.getByText('Too short information. If unemployed indicate')).toBeInTheDocument();
    expect(screen.getByText('Name is too short')).toBeInTheDocument();
    expect(screen.getByText('Please enter valid phone number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Id Number'), '456789');
    expect(await screen.findByText('Id is too Long')).toBeInTheDocument();
    expect(mock.bodiesOf(BOOK)).toHaveLength(0);
  });

  it('books the house for the chosen client, phone masked, amounts stripped, then opens the tenancy', async () => {
    const user = userEvent.setup();
    const mock = api();
    renderPage();
    await screen.findByRole('heading', { name: 'Book house A1, Baraka Court' });
    await chooseClient(user);
    const summary = screen.getByLabelText('Selected client');
    expect(summary).toHaveTextContent('Phone No: *******678');
    expect(summary).not.toHaveTextContent('0712345678');
    await user.type(screen.getByLabelText('Id Number'), '12345678');
    await user.type(screen.getByLabelText('Tenant Employer'), 'Acme Limited');
    await user.type(screen.getByLabelText('Tenant Business'), 'None at all');
    await user.type(screen.getByLabelText('Next of kin name'), 'Mary Otieno');
    await user.type(screen.getByLabelText('Next of kin phone'), '0722000111');
    await user.click(screen.getByRole('button', { name: 'Book Tenancy' }));
    expect(await screen.findByText('tenancy page')).toBeInTheDocument();
    expect(mock.bodiesOf(BOOK)).toEqual([
      {
        ClientNo: 55,
        Id_number: '12345678',
        Tenant_Employer: 'Acme Limited',
        Tenant_Business: 'None at all',
        Next_of_kin_name: 'Mary Otieno',
        Next_of_kin_phone: '0722000111',
        Rent: '15000.00',
        Deposit: '30000.50',
        HouseId: 21,
        UpdatedBy: 7,
      },
    ]);
  });

  it('says so when the house was taken meanwhile', async () => {
    const user = userEvent.setup();
    api(() => json(409, { message: 'This house is already occupied.' }));
    renderPage();
    await screen.findByRole('heading', { name: 'Book house A1, Baraka Court' });
    await chooseClient(user);
    await user.type(screen.getByLabelText('Id Number'), '12345678');
    await user.type(screen.getByLabelText('Tenant Employer'), 'Acme Limited');
    await user.type(screen.getByLabelText('Tenant Business'), 'None at all');
    await user.type(screen.getByLabelText('Next of kin name'), 'Mary Otieno');
    await user.type(screen.getByLabelText('Next of kin phone'), '0722000111');
    await user.click(screen.getByRole('button', { name: 'Book Tenancy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This house is already occupied.');
  });
});
