import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '../../../lib/i18n';
import { englishOn } from '../../../testing/english-left';
import { json, mockApi } from '../../../testing/mock-api';
import { agencyOwnerSession } from '../../../testing/pm-session';
import { tenancyFixture as tenancy } from '../../../testing/tenancy-fixture';
import { renderWithProviders } from '../../../testing/render';
import { TenancyDetailsPage } from './tenancy-details-page';

const line = (TransactionId: number, TrsAccount: string, Debit: number, Credit: number, Balance: number) => ({
  TransactionId,
  TrsAccount,
  TransactionDate: '2026-11-02T08:00:00.000Z',
  TransactionDetails: `${TrsAccount} line`,
  Debit,
  Credit,
  Balance,
  ReceiptNo: Credit > 0 ? `RCT-00000${TransactionId}` : null,
  Reversible: true,
});

const TENANCY = 'GET /api/tenancy/gettenancybyid';
const STATEMENT = 'GET /api/financialstatements/gettenantstatement';

function renderPage() {
  return renderWithProviders(null, {
    routes: [{ path: '/propertymanagement/:space/tenancymanagement/tenancies/:TenancyId', element: <TenancyDetailsPage /> }],
    initialEntries: ['/propertymanagement/agency/tenancymanagement/tenancies/9'],
    session: {
      session: {
        ...(agencyOwnerSession.session as object),
        roles: { allAllowed: [5100, 5101, 5200, 5201], adminOnlyAllowed: [5100, 5200], programmerOnlyAllowed: [], segmentedPermisions: { allowedMakeCashPayments: [5100] } },
      },
    } as never,
  });
}

const screenWidth = (wide: boolean) =>
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({ matches: wide, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }) as unknown as MediaQueryList,
  );

beforeEach(() => {
  screenWidth(true);
});

afterEach(() => {
  screenWidth(false);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TenancyDetailsPage', () => {
  it("shows the panels, 'Not Provided' for a missing ID and the statement with negative balances in brackets", async () => {
    const api = mockApi({
      [TENANCY]: () => json(200, tenancy),
      [STATEMENT]: () =>
        json(200, [line(1, 'Deposit', 30000, 0, 30000), line(2, 'Rent', 15000, 0, 45000), line(3, 'Rent', 0, 46200, -1200)]),
    });
    renderPage();
    const tenant = await screen.findByRole('region', { name: 'Tenant' });
    expect(within(tenant).getByText('Not Provided')).toBeInTheDocument();
    // 21:30 UTC on 1 November is already 2 November in Nairobi; the start is a day, shown dd/mm/yyyy without a time.
    expect(screen.getByText('Start date').parentElement).toHaveTextContent(/Start date\s*02\/11\/2026$/);
    expect(screen.getByTestId('balance-due')).toHaveTextContent('Ksh 1,200.00 in credit');
    const table = await screen.findByRole('table', { name: 'Financial statement' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Deposit');
    expect(rows[1]).toHaveTextContent('30,000.00');
    expect(rows[3]).toHaveTextContent('46,200.00');
    expect(within(rows[3]!).getByText('1,200.00 in credit')).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('RCT-000003');
    expect(screen.getByTestId('deposit-held')).toHaveTextContent('Ksh 30,000.00');
    expect(screen.getByTestId('deposit-due')).toHaveTextContent('Ksh 0.00');
    // The same header the PDF carries, so the browser's Print has it too.
    const header = screen.getByLabelText('Statement header');
    expect(header).toHaveTextContent('Agency: Baraka Agency');
    expect(header).toHaveTextContent('House: A1, Baraka Court, Milimani, Nakuru');
    expect(header).toHaveTextContent('Period: 02/11/2026 to 02/11/2026');
    expect(header).toHaveTextContent('Balance due: Ksh 1,200.00 in credit');
    // The agency's admin may reverse a line.
    expect(within(rows[3]!).getByRole('button', { name: 'Reverse' })).toBeInTheDocument();
    expect(String(api.fetchMock.mock.calls.find(([u]) => String(u).includes('gettenantstatement'))?.[0])).toContain('tenancyId=9&managingAgentId=40');
  });

  it('lists the statement on a narrow screen, an overpayment in credit', async () => {
    screenWidth(false);
    mockApi({ [TENANCY]: () => json(200, tenancy), [STATEMENT]: () => json(200, [line(1, 'Rent', 0, 1200, -1200)]) });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Financial statement' }, { timeout: 8000 });
    expect(within(list).getByText('1,200.00 in credit')).toBeInTheDocument();
    expect(within(list).getByText('Credit 1,200.00')).toBeInTheDocument();
  });

  it("says 'No statement found' for an empty statement", async () => {
    mockApi({ [TENANCY]: () => json(200, tenancy), [STATEMENT]: () => json(200, []) });
    renderPage();
    expect(await screen.findByText('No statement found')).toBeInTheDocument();
  });

  it('says when the statement could not be fetched', async () => {
    mockApi({ [TENANCY]: () => json(200, tenancy), [STATEMENT]: () => json(500, { message: 'boom' }) });
    renderPage();
    expect(
      await screen.findByText('There was an error fetching the financial statement. Check your network connection or try again later.'),
    ).toBeInTheDocument();
  });

  it('marks a tenancy managed by another agent as view-only', async () => {
    mockApi({ [TENANCY]: () => json(200, { ...tenancy, managingAgentId: 77 }), [STATEMENT]: () => json(200, []) });
    renderPage();
    expect(await screen.findByText('Tenancy not managed here. You can only view this tenancy')).toBeInTheDocument();
  });

  it('flags a business tenant without a KRA PIN, and says nothing for another tenant', async () => {
    mockApi({ [TENANCY]: () => json(200, { ...tenancy, BusinessTenantWithoutPin: true }), [STATEMENT]: () => json(200, []) });
    const { unmount } = renderPage();
    expect(await screen.findByText(/A business tenant with no KRA PIN/)).toBeInTheDocument();
    unmount();
    mockApi({ [TENANCY]: () => json(200, { ...tenancy, BusinessTenantWithoutPin: false }), [STATEMENT]: () => json(200, []) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: /Tenancy 9/ })).toBeInTheDocument();
    expect(screen.queryByText(/A business tenant with no KRA PIN/)).toBeNull();
  });

  it('prints, and downloads the PDF as statement-{id}.pdf', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [TENANCY]: () => json(200, tenancy),
      [STATEMENT]: () => json(200, [line(1, 'Deposit', 30000, 0, 30000)]),
      'GET /api/financialstatements/statement.pdf': () => new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const createUrl = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('statement-9.pdf');
      expect(this.href).toBe('blob:statement');
    });
    renderPage();
    await screen.findByRole('table', { name: 'Financial statement' });
    expect(screen.getByLabelText('Statement')).toHaveAttribute('data-print-area');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    const pdfCall = api.calls.find((c) => c.key === 'GET /api/financialstatements/statement.pdf');
    // Through apiFetch's sender, so the session's bearer token goes with it.
    expect((pdfCall?.init.headers as Record<string, string>).Accept).toBe('application/pdf');
    expect(createUrl).toHaveBeenCalledOnce();
  });

  it('reads in Kiswahili, the ledger lines too, money and dates as in English', async () => {
    await i18n.changeLanguage('sw');
    mockApi({
      [TENANCY]: () => json(200, tenancy),
      [STATEMENT]: () =>
        json(200, [
          { ...line(1, 'Deposit', 30000, 0, 30000), TransactionDetails: 'Deposit' },
          { ...line(2, 'Rent', 15000, 0, 45000), TransactionDetails: 'Rent for November 2026' },
          { ...line(3, 'Rent', 0, 46200, -1200), TransactionDetails: 'Cash at the office', AppliedTo: 'Rent for November 2026 15,000.00' },
        ]),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Taarifa ya akaunti' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Amana');
    expect(rows[2]).toHaveTextContent('Kodi ya Novemba 2026');
    expect(rows[3]).toHaveTextContent('Cash at the office');
    expect(rows[3]).toHaveTextContent('Imelipa: Kodi ya Novemba 2026 15,000.00');
    expect(screen.getByLabelText('Kichwa cha taarifa')).toHaveTextContent('Kipindi: 02/11/2026 hadi 02/11/2026');
    expect(screen.getByTestId('balance-due')).toHaveTextContent('Ksh 1,200.00');
    expect(englishOn()).toEqual([]);
  });
});
