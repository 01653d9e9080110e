import type { House, Property } from '@makazi/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../../testing/mock-api';
import { AGENCY_ID, agencyOwnerSession } from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { setWideScreen } from '../../../testing/screen-width';
import { PropertyHousesPage } from './property-houses-page';

const HOUSES = 'GET /api/house/gethousesbyPropId';
const LIST = 'GET /api/properties/getAllPropertiesByAgentId';
const ADD = 'POST /api/house/addhouse';
const EDIT = 'PATCH /api/house/edithousedetails';

const house = (HouseId: number, House_number: string, Occupied: string): House => ({
  HouseId,
  PropId: 101,
  House_number,
  Description: 'Two bedroom',
  Occupied,
  Rent: 15000,
  Deposit: 15000.5,
  readiness: 0,
  Property_name: 'Bahari Court',
});
const houses = [house(1, 'A1', 'Yes'), house(2, 'A2', 'No'), house(3, 'A3', 'Pending')];
const bahari: Property = {
  PropId: 101,
  Property_name: 'Bahari Court',
  Rental_units: 3,
  County: 'Mombasa',
  Town: 'Nyali',
  Area_Estate: 'Links Road',
  LandlordNo: 1002,
  LandlordName: 'Baraka Mwangi',
  managingAgentId: AGENCY_ID,
  TotalNumberOfHouses: 3,
  OccupiedHouses: 1,
  AvailableHouses: 1,
};

function renderPage() {
  return renderWithProviders(null, {
    routes: [
      { path: '/propertymanagement/:space/propertymanagement/:PropId', element: <PropertyHousesPage /> },
      {
        path: '/propertymanagement/:space/tenancymanagement/booknewtency/:HouseId',
        element: <p>booking page</p>,
      },
    ],
    initialEntries: ['/propertymanagement/agency/propertymanagement/101'],
    session: agencyOwnerSession,
  });
}

const rowOf = async (number: string) => (await screen.findByRole('cell', { name: number })).closest('tr')!;

afterEach(() => {
  setWideScreen(false);
  vi.unstubAllGlobals();
});

describe('PropertyHousesPage', () => {
  it('marks occupied houses, offers vacant ones for booking and an unknown state as —', async () => {
    setWideScreen(true);
    mockApi({ [HOUSES]: () => json(200, houses), [LIST]: () => json(200, [bahari]) });
    const { router } = renderPage();
    // Reached without the list's state: the property is fetched again.
    expect(
      await screen.findByRole('heading', { name: 'Bahari Court' }, { timeout: 5_000 }),
    ).toBeInTheDocument();

    const occupied = await rowOf('A1');
    expect(within(occupied).getByText('Occupied')).toBeInTheDocument();
    expect(within(occupied).queryByRole('link', { name: /Select/ })).not.toBeInTheDocument();
    expect(occupied).toHaveTextContent('Ksh 15,000.00');
    expect(occupied).toHaveTextContent('Ksh 15,000.50');

    expect(within(await rowOf('A3')).getByText('—')).toBeInTheDocument();
    expect(within(await rowOf('A3')).queryByRole('link', { name: /Select/ })).not.toBeInTheDocument();

    await userEvent.click(within(await rowOf('A2')).getByRole('link', { name: 'Select house A2' }));
    expect(router.state.location.pathname).toBe(
      '/propertymanagement/agency/tenancymanagement/booknewtency/2',
    );
  });

  it('shows houses as cards on a narrow screen', async () => {
    mockApi({ [HOUSES]: () => json(200, houses), [LIST]: () => json(200, [bahari]) });
    renderPage();
    const card = await screen.findByRole('article', { name: 'House A1' });
    expect(card).toHaveTextContent('Rent: Ksh 15,000.00');
    expect(within(card).getByText('Occupied')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds a house with deposit and readiness, amounts stripped of separators', async () => {
    const api = mockApi({
      [HOUSES]: () => json(200, []),
      [LIST]: () => json(200, [bahari]),
      [ADD]: () => json(201, { message: 'House added successfully', HouseId: 9 }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add House' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add House' }));
    await userEvent.click(d.getByRole('button', { name: 'Add House' }));
    expect(await d.findByText('House number is required')).toBeInTheDocument();
    expect(d.getByText('Rent is required')).toBeInTheDocument();
    expect(d.getByText('Deposit is required')).toBeInTheDocument();
    expect(d.getByText('Say whether the house is ready')).toBeInTheDocument();

    await userEvent.type(d.getByLabelText('House number'), 'B1');
    await userEvent.type(d.getByLabelText('Description'), 'Bedsitter');
    await userEvent.type(d.getByLabelText('Rent'), '15000.5');
    await userEvent.type(d.getByLabelText('Deposit'), '30000');
    await userEvent.click(d.getByLabelText('No'));
    expect(d.getByLabelText('Rent')).toHaveValue('15,000.5');
    await userEvent.click(d.getByRole('button', { name: 'Add House' }));
    await vi.waitFor(() => expect(api.bodiesOf(ADD)).toHaveLength(1));
    expect(api.bodiesOf(ADD)[0]).toEqual({
      House_number: 'B1',
      Description: 'Bedsitter',
      Rent: '15000.5',
      Deposit: '30000',
      readiness: 2,
      PropId: 101,
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);

  it('edits an occupied house without deposit or readiness, and shows a 409', async () => {
    setWideScreen(true);
    let reply = () => json(409, { message: 'A house with this number already exists in this property.' });
    const api = mockApi({
      [HOUSES]: () => json(200, houses),
      [LIST]: () => json(200, [bahari]),
      [EDIT]: () => reply(),
    });
    renderPage();
    await userEvent.click(within(await rowOf('A1')).getByRole('button', { name: 'Edit house A1' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit house A1' }));
    expect(d.getByLabelText('Rent')).toHaveValue('15,000.00');
    expect(d.queryByLabelText('Deposit')).not.toBeInTheDocument();
    expect(d.queryByText('Ready for a tenant?')).not.toBeInTheDocument();

    await userEvent.clear(d.getByLabelText('Rent'));
    await userEvent.type(d.getByLabelText('Rent'), '16500');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(
      await d.findByText('A house with this number already exists in this property.'),
    ).toBeInTheDocument();
    expect(api.bodiesOf(EDIT)[0]).toEqual({
      House_number: 'A1',
      Description: 'Two bedroom',
      Rent: '16500',
      HouseId: 1,
    });

    reply = () => json(200, { message: 'House details updated' });
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
