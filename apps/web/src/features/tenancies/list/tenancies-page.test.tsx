import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setAuthHandlers } from '../../../lib/api-client';
import { mockApi } from '../../../testing/mock-api';
import { AGENCY_ID } from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { loggedInSession } from '../../../testing/session';
import { tenancyFixture } from '../../../testing/tenancy-fixture';
import { TenanciesPage } from './tenancies-page';

const ACTIVE = 'GET /api/tenancy/getactivetenanciesbymanagingid';
const CSV = 'GET /api/tenancy/tenancies.csv';
const page = (tenancies: unknown[], total: number) => () =>
  new Response(JSON.stringify(tenancies), { status: 200, headers: { 'x-total-count': String(total) } });

function renderList() {
  return renderWithProviders(null, {
    routes: [
      { path: '/propertymanagement/:space/tenancymanagement/tenancies', element: <TenanciesPage /> },
      { path: '/propertymanagement/:space/tenancymanagement/tenancies/:TenancyId', element: <p>details page</p> },
    ],
    initialEntries: ['/propertymanagement/agency/tenancymanagement/tenancies'],
    // With the role lists the server sends, so steps the role may take are offered.
    session: { session: loggedInSession({ adminAgentId: AGENCY_ID, adminAccountSelf: 0 }) },
  });
}

const lastQuery = (api: ReturnType<typeof mockApi>) =>
  new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://x').searchParams;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TenanciesPage', () => {
  it('lists a page with balances as Ksh (an overpayment negative) and opens a tenancy', async () => {
    const user = userEvent.setup();
    const api = mockApi({ [ACTIVE]: page([tenancyFixture, { ...tenancyFixture, TenancyId: 10, RentBalance: 22500, MonthLapse: 2 }], 45) });
    renderList();
    expect(await screen.findByText('Ksh 1,200.00 in credit')).toBeInTheDocument();
    expect(screen.getByText('Ksh 22,500.00')).toBeInTheDocument();
    expect(screen.getByText('2 months')).toBeInTheDocument();
    expect(screen.getByText('45 tenancies')).toBeInTheDocument();
    expect(lastQuery(api).get('managingAgentId')).toBe('40');
    expect(lastQuery(api).get('listType')).toBe('all');
    await user.click(screen.getByRole('button', { name: /#10\b/ }));
    expect(await screen.findByText('details page')).toBeInTheDocument();
  });

  it('says "more than" when the server stopped counting, and pages on to one past it', async () => {
    const user = userEvent.setup();
    const twenty = Array.from({ length: 20 }, (_, i) => ({ ...tenancyFixture, TenancyId: 100 + i }));
    const api = mockApi({
      [ACTIVE]: () =>
        new Response(JSON.stringify(twenty), { status: 200, headers: { 'x-total-count-more-than': '1000' } }),
    });
    renderList();
    expect(await screen.findByText('More than 1000 tenancies')).toBeInTheDocument();
    // 1,000 known and at least one more: 51 pages of twenty.
    await user.click(screen.getByRole('button', { name: '51' }));
    await waitFor(() => expect(lastQuery(api).get('page')).toBe('51'));
  });

  it('filters on the server and says when nothing matches', async () => {
    const user = userEvent.setup();
    const api = mockApi({ [ACTIVE]: page([], 0) });
    renderList();
    expect(await screen.findByText('No tenancies Found')).toBeInTheDocument();
    // None at all: booking one is offered.
    expect(screen.getByRole('link', { name: 'Book a tenancy' })).toHaveAttribute('href', '/propertymanagement/agency/tenancymanagement/booknewtency');
    await user.click(screen.getByRole('combobox', { name: 'List type' }));
    await user.click(await screen.findByRole('option', { name: 'Tenancies with balances' }));
    await user.click(screen.getByRole('combobox', { name: 'Filter by' }));
    await user.click(await screen.findByRole('option', { name: 'Bulding Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'Baraka');
    await waitFor(() => expect(lastQuery(api).get('filterValue')).toBe('Baraka'));
    expect(lastQuery(api).get('filterBy')).toBe('Property_name');
    expect(lastQuery(api).get('listType')).toBe('balances');
    expect(lastQuery(api).get('page')).toBe('1');
    // Nothing matching a filter is not a reason to book.
    expect(await screen.findByText('No tenancies Found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book a tenancy' })).not.toBeInTheDocument();
  });

  it('exports every tenancy the current filters match as CSV, fetched with the token and saved under the server’s name', async () => {
    const user = userEvent.setup();
    const csvUrls: string[] = [];
    const api = mockApi({
      [ACTIVE]: page([tenancyFixture], 1),
      [CSV]: (_body, request) => {
        csvUrls.push(request.url);
        return new Response('\uFEFFTenancy ID\r\n9\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="tenancies-balances-agent40-2026-11-22.csv"' },
        });
      },
    });
    const saved: { name: string; href: string }[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    renderList();
    await screen.findByText('1 tenancy');
    await user.click(screen.getByRole('combobox', { name: 'List type' }));
    await user.click(await screen.findByRole('option', { name: 'Tenancies with balances' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'Wanj');
    await waitFor(() => expect(lastQuery(api).get('filterValue')).toBe('Wanj'));
    // The token lives in memory; the export must carry it as the list's fetches do.
    setAuthHandlers({ getAccessToken: () => 'tok-in-memory' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'tenancies-balances-agent40-2026-11-22.csv', href: 'blob:csv' }]));
    const call = api.calls.find((c) => c.key === CSV)!;
    const query = new URL(csvUrls[0]!, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ managingAgentId: '40', listType: 'balances', filterBy: 'Tenant_name', filterValue: 'Wanj' });
    expect(call.init.headers).toMatchObject({ Accept: 'text/csv', Authorization: 'Bearer tok-in-memory' });
    click.mockRestore();
    setAuthHandlers(null);
  });
});
