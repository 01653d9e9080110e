import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi, offline } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { loggedInSession, TIES } from '../../testing/session';
import { DashboardPage } from './dashboard-page';

const property = {
  PropId: 3,
  Property_name: 'Baraka Court',
  Rental_units: 6,
  County: 'Nairobi',
  Town: 'Nairobi',
  Area_Estate: 'Kilimani',
  LandlordNo: 12,
  LandlordName: 'Jane Wanjiru',
  managingAgentId: 11,
  TotalNumberOfHouses: 6,
  OccupiedHouses: 4,
  AvailableHouses: 2,
};

const figures = {
  month: '2026-11-01',
  asOf: '2026-11-12',
  goLiveMonth: null,
  collection: { charged: 27500.25, collected: 12000 },
  arrearsByAge: [
    { key: 'days0to30', amount: 27500.25, tenancies: 3 },
    { key: 'days31to60', amount: 18000.5, tenancies: 3 },
    { key: 'days61to90', amount: 10000, tenancies: 1 },
    { key: 'over90', amount: 10000, tenancies: 1 },
  ],
  mostInArrears: [
    {
      TenancyId: 5002,
      Tenant_name: 'Baraka Otieno',
      Property_name: 'Baraka Court',
      House_number: 'B2',
      RentArrears: 40000,
      ChargesDue: 0,
      MonthLapse: 4,
      DepositDue: 20000,
      Ended: true,
    },
    {
      TenancyId: 5003,
      Tenant_name: 'Chebet Kirui',
      Property_name: 'Upendo Flats',
      House_number: 'U1',
      RentArrears: 14500.75,
      ChargesDue: 0,
      MonthLapse: 2,
      DepositDue: 5000,
      Ended: false,
    },
  ],
  occupancy: [
    { PropId: 3, Property_name: 'Baraka Court', occupied: 1, total: 3 },
    { PropId: 4, Property_name: 'Upendo Flats', occupied: 1, total: 2 },
  ],
};
const noFigures = {
  ...figures,
  collection: { charged: 0, collected: 0 },
  arrearsByAge: figures.arrearsByAge.map((b) => ({ ...b, amount: 0, tenancies: 0 })),
  mostInArrears: [],
  occupancy: [],
};

const CLIENT_COUNT = 'GET /api/client/count';

function renderDashboard(handlers: Parameters<typeof mockApi>[0], session = loggedInSession(TIES.agencyAdmin)) {
  const api = mockApi({ [CLIENT_COUNT]: () => json(200, { registered: 3 }), ...handlers });
  renderWithProviders(<DashboardPage />, {
    path: '/propertymanagement/:space/dashboard',
    initialEntries: ['/propertymanagement/agency/dashboard'],
    session: { session },
  });
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('shows a count that stopped a stretch in as more than it', async () => {
    renderDashboard({
      'GET /api/properties/getAllPropertiesByAgentId': () => json(200, [property]),
      'GET /api/tenancy/counts': () =>
        json(200, { all: 1000, withBalances: 7, endedWithBalances: 0, moreThan: { all: true, withBalances: false, endedWithBalances: false } }),
      'GET /api/dashboard/money': () => json(200, figures),
    });
    expect(await screen.findByLabelText('Active Tenancies: More than 1000')).toHaveTextContent('More than 1000');
    expect(screen.getByLabelText('Tenancies with balances: 7')).toBeInTheDocument();
  });

  it("lists the agent's properties and the tenancy counts", async () => {
    const api = renderDashboard({
      'GET /api/properties/getAllPropertiesByAgentId': () => json(200, [property]),
      'GET /api/tenancy/counts': () => json(200, { all: 5, withBalances: 2, endedWithBalances: 1, moreThan: { all: false, withBalances: false, endedWithBalances: false } }),
      'GET /api/dashboard/money': () => json(200, figures),
    });
    expect((await screen.findAllByText('Baraka Court')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Kilimani').length).toBeGreaterThan(0);
    expect(await screen.findByLabelText('Active Tenancies: 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Tenancies with balances: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Ended tenancies with balances: 1')).toBeInTheDocument();
    expect(await screen.findByLabelText('Registered clients: 3')).toBeInTheDocument();
    // The agency admin's dashboard also asks for the landlord-money setup checklist.
    expect(api.calls.map((c) => c.init)).toHaveLength(5);
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toEqual(
      expect.arrayContaining([
        '/api/properties/getAllPropertiesByAgentId?agentId=11',
        '/api/tenancy/counts?managingAgentId=11',
        '/api/dashboard/money?managingAgentId=11',
        '/api/client/count?managingAgentId=11',
        '/api/landlord-money/setup?managingAgentId=11',
      ]),
    );
    // Nothing is missing, so no first step is offered.
    expect(screen.queryByRole('link', { name: 'Add your first property' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register a client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book a tenancy' })).not.toBeInTheDocument();
  });

  it('offers a new agency its next steps: a property, a client, a tenancy', async () => {
    renderDashboard({
      'GET /api/properties/getAllPropertiesByAgentId': () => json(200, []),
      'GET /api/tenancy/counts': () => json(200, { all: 0, withBalances: 0, endedWithBalances: 0, moreThan: { all: false, withBalances: false, endedWithBalances: false } }),
      'GET /api/dashboard/money': () => json(200, noFigures),
      [CLIENT_COUNT]: () => json(200, { registered: 0 }),
    });
    expect(await screen.findByText('No Properties found for this agent')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add your first property' })).toHaveAttribute(
      'href',
      '/propertymanagement/agency/propertymanagement',
    );
    expect(await screen.findByText('No clients registered yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register a client' })).toHaveAttribute('href', '/propertymanagement/agency/client/addclient');
    expect(screen.getByText('No tenancies Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a tenancy' })).toHaveAttribute('href', '/propertymanagement/agency/tenancymanagement/booknewtency');
    expect(await screen.findByText('No rent charged yet')).toBeInTheDocument();
    expect(screen.getByText('No rent in arrears.')).toBeInTheDocument();
    expect(screen.getByText('No tenancy owes rent.')).toBeInTheDocument();
    expect(screen.getByText('No properties yet.')).toBeInTheDocument();
  });

  it('offers no step to a role that may not take it', async () => {
    // A hired employee whose role is missing from the session's lists: the guards would refuse the pages.
    const session = loggedInSession(TIES.agencyEmployee);
    session.roles = { ...session.roles, allAllowed: [5100, 5200, 5201] };
    const api = renderDashboard(
      {
        'GET /api/properties/getAllPropertiesByAgentId': () => json(200, []),
        'GET /api/tenancy/counts': () => json(200, { all: 0, withBalances: 0, endedWithBalances: 0, moreThan: { all: false, withBalances: false, endedWithBalances: false } }),
        'GET /api/dashboard/money': () => json(200, noFigures),
        [CLIENT_COUNT]: () => json(200, { registered: 0 }),
      },
      session,
    );
    expect(await screen.findByText('No Properties found for this agent')).toBeInTheDocument();
    expect(await screen.findByText('No clients registered yet')).toBeInTheDocument();
    expect(await screen.findByText('No tenancies Found')).toBeInTheDocument();
    expect(api.bodiesOf(CLIENT_COUNT)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Add your first property' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register a client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book a tenancy' })).not.toBeInTheDocument();
  });

  it('shows the fetch errors of each panel', async () => {
    renderDashboard({
      'GET /api/properties/getAllPropertiesByAgentId': () => json(500, { message: 'x' }),
      'GET /api/tenancy/counts': offline,
      'GET /api/dashboard/money': () => json(500, { message: 'x' }),
    });
    expect(await screen.findByText('Cannot get the money figures. Try again later')).toBeInTheDocument();
    expect(await screen.findByText('Cannot get properties. Try again later')).toBeInTheDocument();
    expect(
      await screen.findByText('Error:Cannot get tenancies. check Your network and try again later'),
    ).toBeInTheDocument();
  });

  it('shows the money figures as text, in Ksh, with links to the statements', async () => {
    renderDashboard({
      'GET /api/properties/getAllPropertiesByAgentId': () => json(200, [property]),
      'GET /api/tenancy/counts': () => json(200, { all: 5, withBalances: 2, endedWithBalances: 1, moreThan: { all: false, withBalances: false, endedWithBalances: false } }),
      'GET /api/dashboard/money': () => json(200, figures),
    });
    const collection = await screen.findByRole('region', { name: 'Rent collection, November 2026' });
    expect(collection).toHaveTextContent('43% collected');
    expect(collection).toHaveTextContent('Charged: Ksh 27,500.25');
    expect(collection).toHaveTextContent('Collected: Ksh 12,000.00');
    const ages = screen.getByRole('region', { name: 'Rent arrears by age' });
    expect(within(ages).getByRole('row', { name: /31–60 days/ })).toHaveTextContent('Ksh 18,000.50');
    expect(within(ages).getByRole('row', { name: /Total/ })).toHaveTextContent('Ksh 65,500.75');
    const most = screen.getByRole('region', { name: 'Most in arrears' });
    expect(within(most).getByRole('link', { name: 'Baraka Otieno' })).toHaveAttribute(
      'href',
      '/propertymanagement/agency/tenancymanagement/tenancies/5002',
    );
    expect(within(most).getAllByRole('row')[1]).toHaveTextContent(/Ended.*Ksh 40,000\.00.*4 months/);
    expect(within(most).getAllByRole('row')[2]).toHaveTextContent('2 months');
    const occupancy = screen.getByRole('region', { name: 'Occupancy' });
    expect(occupancy).toHaveTextContent('2 of 5 houses occupied (40%)');
  });
});
