import type { Client, Property } from '@makazi/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../../testing/mock-api';
import {
  AGENCY_ID,
  agencyOwnerSession,
  LANDLORD_ACCOUNT_ID,
  landlordSession,
} from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { setWideScreen } from '../../../testing/screen-width';
import { PropertiesPage } from './properties-page';

const LIST = 'GET /api/properties/getAllPropertiesByAgentId';
const LANDLORD = 'GET /api/landlords/getlandlordbyprovided_details';
const REGISTER = 'POST /api/properties/registerProperty';
const AGREEMENT = 'POST /api/landlord-money/agreement';

const bahari: Property = {
  PropId: 101,
  Property_name: 'Bahari Court',
  Rental_units: 2,
  County: 'Mombasa',
  Town: 'Nyali',
  Area_Estate: 'Links Road',
  LandlordNo: 1002,
  LandlordName: 'Baraka Mwangi',
  managingAgentId: AGENCY_ID,
  TotalNumberOfHouses: 5,
  OccupiedHouses: 3,
  AvailableHouses: 2,
};
const baraka: Client = {
  ClientNo: 1002,
  Full_name: 'Baraka Mwangi',
  First_name: 'Baraka',
  Last_name: 'Mwangi',
  Email: 'b@example.com',
  PhoneNo: '0712345678',
  Id_number: null,
  Preferred_language: 'en',
};

function renderList(space = 'agency', session = agencyOwnerSession, state?: unknown) {
  const at = `/propertymanagement/${space}/propertymanagement`;
  return renderWithProviders(null, {
    routes: [
      { path: '/propertymanagement/:space/propertymanagement', element: <PropertiesPage /> },
      { path: '/propertymanagement/:space/propertymanagement/:PropId', element: <p>property page</p> },
    ],
    initialEntries: [state ? ({ pathname: at, state } as never) : at],
    session,
  });
}

async function fillProperty() {
  const dialog = await screen.findByRole('dialog', { name: 'Add New Property' });
  const d = within(dialog);
  await userEvent.type(d.getByLabelText('Property name'), 'Bahari Court');
  await userEvent.type(d.getByLabelText('Rental units'), '2');
  await userEvent.type(d.getByLabelText('County'), 'Mombasa');
  await userEvent.type(d.getByLabelText('Town'), 'Nyali');
  await userEvent.type(d.getByLabelText('Area/Estate'), 'Links Road');
  return d;
}

afterEach(() => {
  setWideScreen(false);
  vi.unstubAllGlobals();
});

describe('PropertiesPage', () => {
  it('lists the properties in a table on a wide screen, and Manage carries the property', async () => {
    setWideScreen(true);
    const api = mockApi({ [LIST]: () => json(200, [bahari]) });
    const { router } = renderList();
    const row = (await screen.findByText('Bahari Court')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['101', 'Bahari Court', 'Nyali', 'Links Road', 'Baraka Mwangi', '5', '3', '2', 'Manage']);
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toContain(`agentId=${AGENCY_ID}`);
    await userEvent.click(within(row).getByRole('button', { name: 'Manage' }));
    expect(router.state.location.pathname).toBe('/propertymanagement/agency/propertymanagement/101');
    expect(router.state.location.state).toEqual({
      property: bahari,
      origin: '/propertymanagement/agency/propertymanagement',
    });
  });

  it('shows cards on a narrow screen', async () => {
    mockApi({ [LIST]: () => json(200, [bahari]) });
    renderList();
    const card = await screen.findByRole('article', { name: 'Bahari Court' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Id 101');
    expect(card).toHaveTextContent('Town: Nyali · Estate: Links Road');
    expect(within(card).getByText('Houses').previousSibling).toHaveTextContent('5');
    expect(within(card).getByText('Occupied').previousSibling).toHaveTextContent('3');
    expect(within(card).getByText('Available').previousSibling).toHaveTextContent('2');
  });

  it('says when there are none, and when they cannot be fetched', async () => {
    let reply = () => json(200, []);
    mockApi({ [LIST]: () => reply() });
    const first = renderList();
    expect(await screen.findByText('No Properties found for this agent')).toBeInTheDocument();
    first.unmount();

    reply = () => json(500, { message: 'boom' });
    renderList();
    expect(await screen.findByText('Cannot get properties. Try again later')).toBeInTheDocument();
  });

  // Many fields typed one key at a time: slower than the default 5 s on a busy machine.
  it(
    'asks an agency for a landlord, found by an exact detail, and registers the property',
    { timeout: 20_000 },
    async () => {
      const api = mockApi({
        [LIST]: () => json(200, []),
        [LANDLORD]: (_b, { url }) => json(200, url.includes('nobody') ? [] : [baraka]),
        [REGISTER]: () => json(201, { message: 'Property registered successfully', PropId: 101, AgreementNeeded: true }),
        [AGREEMENT]: () => json(200, { message: 'Agreement saved', AgreementId: 7 }),
      });
      renderList();
      await userEvent.click(await screen.findByRole('button', { name: 'Add New Property' }));
      const d = await fillProperty();
      expect(d.getByText('No Landlord selected')).toBeInTheDocument();
      await userEvent.click(d.getByRole('button', { name: 'Register Property' }));
      expect(await d.findByText('Error:No landlord is selected')).toBeInTheDocument();

      await userEvent.click(d.getByRole('button', { name: 'Find Landlord' }));
      expect(await d.findByText('Search By?')).toBeInTheDocument();
      expect(d.getByText('**required')).toBeInTheDocument();

      await userEvent.click(d.getByRole('combobox', { name: 'Find landlord by' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Email' }));
      await userEvent.type(d.getByLabelText('Landlord search value'), 'nobody@example.com');
      await userEvent.click(d.getByRole('button', { name: 'Find Landlord' }));
      expect(await d.findByText('no landord found')).toBeInTheDocument();

      await userEvent.clear(d.getByLabelText('Landlord search value'));
      await userEvent.type(d.getByLabelText('Landlord search value'), 'b@example.com');
      await userEvent.click(d.getByRole('button', { name: 'Find Landlord' }));
      expect(await d.findByTestId('selected-landlord')).toHaveTextContent('Baraka Mwangi');
      await userEvent.click(d.getByRole('button', { name: 'Register Property' }));

      // An agency's property asks for its terms next: here the explicit "no commission" (decision 048).
      expect(await d.findByRole('heading', { name: 'Management agreement for Bahari Court' })).toBeInTheDocument();
      expect(d.getByLabelText('Commission (% of rent collected)')).toBeInTheDocument();
      await userEvent.click(d.getByLabelText(/^No commission/));
      expect(d.queryByLabelText('Commission (% of rent collected)')).not.toBeInTheDocument();
      await userEvent.type(d.getByLabelText('M-Pesa number'), '0722000111');
      await userEvent.click(d.getByRole('button', { name: 'Save agreement' }));

      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.bodiesOf(AGREEMENT)).toEqual([
        expect.objectContaining({ PropId: 101, NoCommission: true, CommissionPercent: '0.00', CommissionKinds: [], PayoutPhone: '0722000111' }),
      ]);
      expect(api.bodiesOf(REGISTER)).toEqual([
        {
          Property_name: 'Bahari Court',
          Rental_units: 2,
          County: 'Mombasa',
          Town: 'Nyali',
          Area_Estate: 'Links Road',
          LandlordNo: 1002,
          managingAgentId: AGENCY_ID,
        },
      ]);
      const landlordUrl = String(
        api.fetchMock.mock.calls.find(([url]) => String(url).includes('landlords'))?.[0],
      );
      expect(landlordUrl).toContain(`managingAgentId=${AGENCY_ID}`);
    },
  );

  it('gives a landlord account no landlord search', async () => {
    const api = mockApi({
      [LIST]: () => json(200, []),
      [REGISTER]: () => json(201, { message: 'Property registered successfully', PropId: 5, AgreementNeeded: false }),
    });
    renderList('myspace', landlordSession);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Property' }));
    const d = await fillProperty();
    expect(d.queryByRole('button', { name: 'Find Landlord' })).not.toBeInTheDocument();
    // How KRA knows the property, for the rental-tax pack (issue 36).
    await userEvent.type(d.getByLabelText('LR number (optional)'), 'Mombasa/Block XX/123');
    await userEvent.type(d.getByLabelText('eRITS property reference (optional)'), 'ERP-0042');
    await userEvent.click(d.getByRole('button', { name: 'Register Property' }));
    await vi.waitFor(() => expect(api.bodiesOf(REGISTER)).toHaveLength(1));
    // A landlord's own account keeps all its rent: no agreement is asked for.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(REGISTER)[0]).toMatchObject({
      managingAgentId: LANDLORD_ACCOUNT_ID,
      Lr_number: 'Mombasa/Block XX/123',
      Erits_ref: 'ERP-0042',
    });
    expect(api.bodiesOf(REGISTER)[0]).not.toHaveProperty('LandlordNo');
  });
});

describe('PropertiesPage with no properties', () => {
  it('offers to add the first one, opening the add form', async () => {
    mockApi({ [LIST]: () => json(200, []) });
    renderList();
    expect(await screen.findByText('No Properties found for this agent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add New Property' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add your first property' }));
    expect(await screen.findByRole('dialog', { name: 'Add New Property' })).toBeInTheDocument();
  });

  it("opens the add form at once when the dashboard's first step sent the user here", async () => {
    mockApi({ [LIST]: () => json(200, []) });
    renderList('agency', agencyOwnerSession, { addProperty: true });
    expect(await screen.findByRole('dialog', { name: 'Add New Property' })).toBeInTheDocument();
  });
});
