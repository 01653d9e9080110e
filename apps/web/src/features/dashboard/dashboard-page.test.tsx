import { screen } from '@testing-library/react';
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

function renderDashboard(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi(handlers);
  renderWithProviders(<DashboardPage />, {
    path: '/propertymanagement/:space/dashboard',
    initialEntries: ['/propertymanagement/agency/dashboard'],
    session: { session: loggedInSession(TIES.agencyAdmin) },
  });
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it("lists the agent's properties and the tenancy counts", async () => {
    const api = renderDashboard({
      'GET /api/properties/getAllPropertiesByAgentId': () => json(200, [property]),
      'GET /api/tenancy/counts': () => json(200, { all: 5, withBalances: 2, endedWithBalances: 1 }),
    });
    expect((await screen.findAllByText('Baraka Court')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Kilimani').length).toBeGreaterThan(0);
    expect(await screen.findByLabelText('All Tenancies: 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Tenancies with balances: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Ended tenancies with balances: 1')).toBeInTheDocument();
    expect(api.calls.map((c) => c.init)).toHaveLength(2);
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toEqual(
      expect.arrayContaining([
        '/api/properties/getAllPropertiesByAgentId?agentId=11',
        '/api/tenancy/counts?managingAgentId=11',
      ]),
    );
  });

  it('says when the agent has no properties', async () => {
    renderDashboard({
      'GET /api/properties/getAllPropertiesByAgentId': () => json(200, []),
      'GET /api/tenancy/counts': () => json(200, { all: 0, withBalances: 0, endedWithBalances: 0 }),
    });
    expect(await screen.findByText('No Properties found for this agent')).toBeInTheDocument();
  });

  it('shows the fetch errors of both panels', async () => {
    renderDashboard({
      'GET /api/properties/getAllPropertiesByAgentId': () => json(500, { message: 'x' }),
      'GET /api/tenancy/counts': offline,
    });
    expect(await screen.findByText('Cannot get properties. Try again later')).toBeInTheDocument();
    expect(
      await screen.findByText('Error:Cannot get tenancies. check Your network and try again later'),
    ).toBeInTheDocument();
  });
});
