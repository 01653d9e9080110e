import type { InvoicingDetails } from '@makazi/domain';
import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { guarded } from '../../components/guarded';
import { json, mockApi } from '../../testing/mock-api';
import { agencyOwnerSession } from '../../testing/pm-session';
import { renderWithProviders } from '../../testing/render';
import { AdminPage } from './admin-page';

const COUNTS = 'GET /api/tenancy/counts';
const DETAILS = 'GET /api/tenancy/getlatestinvoicingdetailsbyagentno';
const RUN = 'POST /api/tenancy/runmonthlytenancyinvoicesbyagentid';
const notCharged: InvoicingDetails = {
  CurrentMonth: '2026-11-01',
  CurrentMonthInvoiceCharged: false,
  CurrentMonthRun: false,
  LatestInvoiceRunDate: null,
  UpdatedByName: null,
  Due: [
    { Month: '2026-10-01', Label: 'October 2026', Tenancies: 2, Amount: 20000 },
    { Month: '2026-11-01', Label: 'November 2026', Tenancies: 12, Amount: 120000 },
  ],
  DueTenancies: 12,
  DueAmount: 140000,
  Status: 'Due: 12 tenancies for October 2026 and November 2026, Ksh 140,000.00.',
  AutomaticInvoicing: false,
};
const charged: InvoicingDetails = {
  ...notCharged,
  CurrentMonthInvoiceCharged: true,
  CurrentMonthRun: true,
  Due: [],
  DueTenancies: 0,
  DueAmount: 0,
  Status: 'November 2026 is invoiced.',
  LatestInvoiceRunDate: '2026-11-21T10:00:00.000Z',
  UpdatedByName: 'Jane Wanjiru',
};
const roles = {
  allAllowed: [5100, 5101, 5200, 5201],
  adminOnlyAllowed: [5100, 5200],
  programmerOnlyAllowed: [],
  segmentedPermisions: { allowedMakeCashPayments: [5100, 5101, 5200, 5201] },
};
const withRoles = (session: object) => ({ session: { ...(agencyOwnerSession.session as object), ...session, roles } }) as never;

function renderAdmin(tab = 'tenancies', session = {}) {
  const Page = guarded('adminOnlyAllowed', AdminPage);
  return renderWithProviders(null, {
    routes: [
      {
        path: '/propertymanagement/:space/admin/:tab',
        element: (
          <>
            <Notifications />
            <Page />
          </>
        ),
      },
      { path: '/unauthorized', element: <p>unauthorized page</p> },
    ],
    initialEntries: [`/propertymanagement/agency/admin/${tab}`],
    session: withRoles(session),
  });
}

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('AdminPage', () => {
  it('shows the counts, the months due with their amount and the run button; after a confirmed run it is gone', async () => {
    const user = userEvent.setup();
    let status: InvoicingDetails = notCharged;
    const api = mockApi({
      [COUNTS]: () => json(200, { all: 12, withBalances: 5, endedWithBalances: 1 }),
      [DETAILS]: () => json(200, status),
      [RUN]: () => {
        status = charged;
        return json(200, {
          message: 'Charged 12 tenancies for October 2026 and November 2026: Ksh 140,000.00',
          month: '2026-11-01',
          charged: 12,
          months: ['2026-10-01', '2026-11-01'],
          amount: 140000,
        });
      },
    });
    renderAdmin();
    await waitFor(() => expect(screen.getByLabelText('Active tenancies')).toHaveTextContent('12'));
    expect(screen.getByLabelText('Unpaid tenancies')).toHaveTextContent('5');
    expect(screen.getByLabelText('Ended with balances')).toHaveTextContent('1');
    expect(await screen.findByText('Due: 12 tenancies for October 2026 and November 2026, Ksh 140,000.00.')).toBeInTheDocument();
    const due = screen.getByRole('table', { name: 'Months due' });
    expect(within(due).getByText('October 2026')).toBeInTheDocument();
    expect(within(due).getByText('Ksh 120,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run monthly invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run monthly invoices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run invoices' }));
    expect(await screen.findByText('Charged 12 tenancies for October 2026 and November 2026: Ksh 140,000.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Run monthly invoices' })).not.toBeInTheDocument());
    expect(screen.getByText('Invoiced')).toBeInTheDocument();
    expect(screen.getByText(/by Jane Wanjiru/)).toBeInTheDocument();
    expect(api.bodiesOf(RUN)).toEqual([expect.objectContaining({ managingAgentId: 40, updatedBy: 7 })]);
  });

  it('has no run button once the month is charged', async () => {
    mockApi({ [COUNTS]: () => json(200, { all: 1, withBalances: 0, endedWithBalances: 0 }), [DETAILS]: () => json(200, charged) });
    renderAdmin();
    expect(await screen.findByText('Invoiced')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run monthly invoices' })).not.toBeInTheDocument();
  });

  it('says plainly when the bookings already charged the month, with no run to make', async () => {
    const byBookings = { ...notCharged, CurrentMonthInvoiceCharged: true, Due: [], DueTenancies: 0, DueAmount: 0, Status: 'November 2026 is charged: each booking charged its first month, and no other month is due.' };
    mockApi({ [COUNTS]: () => json(200, { all: 1, withBalances: 1, endedWithBalances: 0 }), [DETAILS]: () => json(200, byBookings) });
    renderAdmin();
    expect(await screen.findByText(byBookings.Status)).toBeInTheDocument();
    expect(screen.queryByText('Not invoiced')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run monthly invoices' })).not.toBeInTheDocument();
  });

  it('explains user management without made-up users', async () => {
    mockApi({});
    renderAdmin('users');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  });

  it('sends a role outside the admin list to unauthorized', async () => {
    mockApi({});
    // A hired agency employee (5101) is not an admin.
    renderAdmin('tenancies', { adminAgentId: null, adminAccountSelf: null, managingAgentId: 40, managingAgentSelf: 0, managingAgentUserRole: 5101 });
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
  });
});
