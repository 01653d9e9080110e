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
const notCharged = { CurrentMonth: '2026-11-01', CurrentMonthInvoiceCharged: false, LatestInvoiceRunDate: null, UpdatedByName: null };
const charged = { ...notCharged, CurrentMonthInvoiceCharged: true, LatestInvoiceRunDate: '2026-11-21T10:00:00.000Z', UpdatedByName: 'Jane Wanjiru' };
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
  it('shows the counts and the run button while the month is not charged; after a confirmed run it is gone', async () => {
    const user = userEvent.setup();
    let status: InvoicingDetails = notCharged;
    const api = mockApi({
      [COUNTS]: () => json(200, { all: 12, withBalances: 5 }),
      [DETAILS]: () => json(200, status),
      [RUN]: () => {
        status = charged;
        return json(200, { message: 'Invoiced 12 tenancies for November 2026.', month: '2026-11-01', charged: 12 });
      },
    });
    renderAdmin();
    await waitFor(() => expect(screen.getByLabelText('Active tenancies')).toHaveTextContent('12'));
    expect(screen.getByLabelText('Unpaid tenancies')).toHaveTextContent('5');
    expect(await screen.findByText('Not invoiced')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run monthly invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run monthly invoices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run invoices' }));
    expect(await screen.findByText('Invoiced 12 tenancies for November 2026.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Run monthly invoices' })).not.toBeInTheDocument());
    expect(screen.getByText('Invoiced')).toBeInTheDocument();
    expect(screen.getByText(/by Jane Wanjiru/)).toBeInTheDocument();
    expect(api.bodiesOf(RUN)).toEqual([expect.objectContaining({ managingAgentId: 40, updatedBy: 7 })]);
  });

  it('has no run button once the month is charged', async () => {
    mockApi({ [COUNTS]: () => json(200, { all: 1, withBalances: 0 }), [DETAILS]: () => json(200, charged) });
    renderAdmin();
    expect(await screen.findByText('Invoiced')).toBeInTheDocument();
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
