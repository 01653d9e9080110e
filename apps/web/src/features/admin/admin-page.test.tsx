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
  SendInvoices: false,
  GoLiveMonth: null,
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
      [COUNTS]: () => json(200, { all: 12, withBalances: 5, endedWithBalances: 1, moreThan: { all: false, withBalances: false, endedWithBalances: false } }),
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

  it('shows a count that stopped a stretch in as more than it', async () => {
    mockApi({
      [COUNTS]: () => json(200, { all: 1000, withBalances: 7, endedWithBalances: 0, moreThan: { all: true, withBalances: false, endedWithBalances: false } }),
      [DETAILS]: () => json(200, charged),
    });
    renderAdmin();
    await waitFor(() => expect(screen.getByLabelText('Active tenancies')).toHaveTextContent('More than 1000'));
    expect(screen.getByLabelText('Unpaid tenancies')).toHaveTextContent(/^7$/);
  });

  it('switches invoices to tenants on and shows the state the server answers', async () => {
    const user = userEvent.setup();
    let status: InvoicingDetails = charged;
    const api = mockApi({
      [COUNTS]: () => json(200, { all: 12, withBalances: 5, endedWithBalances: 1, moreThan: { all: false, withBalances: false, endedWithBalances: false } }),
      [DETAILS]: () => json(200, status),
      'POST /api/tenancy/sendinvoices': () => {
        status = { ...charged, SendInvoices: true };
        return json(200, { message: 'Tenants get an invoice when the run charges a month.', sendInvoices: true });
      },
    });
    renderAdmin();
    const invoices = await screen.findByRole('switch', { name: /Send each tenant an invoice/ });
    expect(invoices).not.toBeChecked();
    await user.click(invoices);
    expect(await screen.findByText('Tenants get an invoice when the run charges a month.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /Send each tenant an invoice/ })).toBeChecked());
    expect(api.bodiesOf('POST /api/tenancy/sendinvoices')).toEqual([{ managingAgentId: 40, sendInvoices: true }]);
  });

  it('has no run button once the month is charged', async () => {
    mockApi({ [COUNTS]: () => json(200, { all: 1, withBalances: 0, endedWithBalances: 0, moreThan: { all: false, withBalances: false, endedWithBalances: false } }), [DETAILS]: () => json(200, charged) });
    renderAdmin();
    expect(await screen.findByText('Invoiced')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run monthly invoices' })).not.toBeInTheDocument();
  });

  it('says plainly when the bookings already charged the month, with no run to make', async () => {
    const byBookings = { ...notCharged, CurrentMonthInvoiceCharged: true, Due: [], DueTenancies: 0, DueAmount: 0, Status: 'November 2026 is charged: each booking charged its first month, and no other month is due.' };
    mockApi({ [COUNTS]: () => json(200, { all: 1, withBalances: 1, endedWithBalances: 0, moreThan: { all: false, withBalances: false, endedWithBalances: false } }), [DETAILS]: () => json(200, byBookings) });
    renderAdmin();
    expect(await screen.findByText(byBookings.Status)).toBeInTheDocument();
    expect(screen.queryByText('Not invoiced')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run monthly invoices' })).not.toBeInTheDocument();
  });

  // A walk through the whole panel, typing as a person does: longer than the default 5 s.
  it('users tab: finds a user by email, refuses hiring oneself, sends an offer, lists users and offers', async () => {
    const user = userEvent.setup();
    const found = { UserNo: 9, Full_name: 'Amina Njeri', Email: 'amina@example.co.ke', PhoneNo: '0711000222', Username: 'amina@example.co.ke', AvailableForWork: 1 };
    let sent: object[] = [];
    const api = mockApi({
      'GET /api/usermanagement/getuser': (_b, { url }) =>
        json(200, url.includes('PhoneNo=0711000333') ? [{ ...found, UserNo: 7, Full_name: 'Me' }] : url.includes('busy') ? [{ ...found, AvailableForWork: 0, Username: 'busy@example.co.ke' }] : [found]),
      'POST /api/usermanagement/sendhireoffertouser': () => {
        sent = [{ AgencyUserHireOfferId: 3001, AgentNo: 40, UserNo: 9, Self: 0, AgencyName: 'Baraka Homes', AgentOwnerName: 'Jane', Full_name: 'Amina Njeri', Email: 'amina@example.co.ke', DateOfferPlaced: '2026-11-21T10:00:00.000Z' }];
        return json(200, { message: 'Hire offer sent', iserror: false });
      },
      'GET /api/agent/getagentspendinghiringofferssent': () => json(200, sent),
      'GET /api/agent/getagentusersbyagentadminuser': () =>
        json(200, [{ UserNo: 11, Full_name: 'Otieno Kamau', Email: 'otieno@example.co.ke', Username: 'otieno@example.co.ke', ManagingAgentUserRole: 5101, ManagingAgentAllocatedUsername: null, ManagingAgentUserLoginStatus: 1, AgencyUserHireOfferId: 2999, AvailableForWork: 1 }]),
      'PATCH /api/agent/toggleuseractivatedstatebyadminuser': () => json(500, { message: 'boom' }),
    });
    renderAdmin('users');
    expect(await screen.findByText('No Offers Sent')).toBeInTheDocument();
    expect(await screen.findByText('Username: No allocated Username yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const panel = screen.getByTestId('add-user-panel');
    expect(panel).toHaveAttribute('data-stage', 'open');
    await user.type(within(panel).getByLabelText('Email Address'), 'not-an-email');
    expect(await within(panel).findByText('Invalid Email')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Email Address'));
    expect(await within(panel).findByText('Enter a value')).toBeInTheDocument();

    await user.click(within(panel).getByRole('radio', { name: 'PhoneNo' }));
    await user.type(within(panel).getByLabelText('Phone No'), '0711000333');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(await within(panel).findByText('** You cant hire yourself !!**')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Send Hire Request' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('radio', { name: 'Email' }));
    await user.type(within(panel).getByLabelText('Email Address'), 'busy@example.co.ke');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(await within(panel).findByText('busy@example.co.ke is not available for work')).toBeInTheDocument();

    await user.clear(within(panel).getByLabelText('Email Address'));
    await user.type(within(panel).getByLabelText('Email Address'), 'amina@example.co.ke');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(panel).toHaveAttribute('data-stage', 'user found'));
    await user.click(within(panel).getByRole('button', { name: 'Send Hire Request' }));
    await waitFor(() => expect(panel).toHaveAttribute('data-stage', 'offer sent'));
    expect(api.bodiesOf('POST /api/usermanagement/sendhireoffertouser')).toEqual([{ AgentNo: 40, UserNo: 9 }]);
    expect(await within(screen.getByTestId('pending-offers')).findByRole('button', { name: 'Revoke Offer' })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Activation of Otieno Kamau' }));
    expect(await screen.findByText('Error Changing user activated state')).toBeInTheDocument();
  }, 20_000);

  it("users tab: the admin finds one of the account's users by name, email or username, or reads 'No User Found'", async () => {
    const user = userEvent.setup();
    const worker = (UserNo: number, Full_name: string, Email: string, username: string | null) => ({
      UserNo, Full_name, Email, Username: Email, ManagingAgentUserRole: 5101, ManagingAgentAllocatedUsername: username,
      ManagingAgentUserLoginStatus: 1, AgencyUserHireOfferId: 3000 + UserNo, AvailableForWork: 1,
    });
    mockApi({
      'GET /api/agent/getagentspendinghiringofferssent': () => json(200, []),
      'GET /api/agent/getagentusersbyagentadminuser': () =>
        json(200, [worker(11, 'Otieno Kamau', 'otieno@example.co.ke', null), worker(12, 'Achieng Wanjiru', 'achieng@example.co.ke', 'clerk2')]),
    });
    renderAdmin('users');
    const users = await screen.findByTestId('agency-users');
    expect(await within(users).findAllByTestId('agency-user')).toHaveLength(2);
    const find = within(users).getByLabelText('Find a user');
    for (const [typed, name] of [['kamau', 'Otieno Kamau'], ['ACHIENG@', 'Achieng Wanjiru'], ['clerk2', 'Achieng Wanjiru']] as const) {
      await user.clear(find);
      await user.type(find, typed);
      await waitFor(() => expect(within(users).getAllByTestId('agency-user').map((c) => within(c).getByText(name))).toHaveLength(1));
      expect(within(users).queryByText('No User Found')).not.toBeInTheDocument();
    }
    await user.clear(find);
    await user.type(find, 'mwangi');
    expect(await within(users).findByText('No User Found')).toBeInTheDocument();
    expect(within(users).queryAllByTestId('agency-user')).toEqual([]);
  });

  it('users tab: someone without an account is offered the job by email, which invites them to sign up', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/usermanagement/getuser': () => json(200, []),
      'POST /api/usermanagement/sendhireoffertouser': () => json(200, { message: 'Hire offer sent', iserror: false }),
      'GET /api/agent/getagentspendinghiringofferssent': () => json(200, []),
      'GET /api/agent/getagentusersbyagentadminuser': () => json(200, []),
    });
    renderAdmin('users');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const panel = screen.getByTestId('add-user-panel');
    await user.type(within(panel).getByLabelText('Email Address'), 'New.Person@example.co.ke');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(await within(panel).findByText('** No user found **')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send the offer by email' }));
    await waitFor(() => expect(panel).toHaveAttribute('data-stage', 'offer sent'));
    expect(within(panel).getByText('Hire offer sent to New.Person@example.co.ke')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/usermanagement/sendhireoffertouser')).toEqual([{ AgentNo: 40, Email: 'New.Person@example.co.ke' }]);

    // A search by phone number has no address to write to: no offer by email.
    await user.click(within(panel).getByRole('button', { name: 'Add another user' }));
    await user.click(within(panel).getByRole('radio', { name: 'PhoneNo' }));
    await user.type(within(panel).getByLabelText('Phone No'), '0711000444');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(await within(panel).findByText('** No user found **')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Send the offer by email' })).not.toBeInTheDocument();
  }, 20_000);

  it('users tab: a failed send disables Send Hire Request and shows the server message', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/usermanagement/getuser': () => json(200, [{ UserNo: 9, Full_name: 'Amina', Email: 'a@b.co', PhoneNo: '0711000222', Username: 'a@b.co', AvailableForWork: 1 }]),
      'POST /api/usermanagement/sendhireoffertouser': () => json(409, { message: 'An offer to this user is already pending' }),
      'GET /api/agent/getagentspendinghiringofferssent': () => json(500, {}),
      'GET /api/agent/getagentusersbyagentadminuser': () => json(200, []),
    });
    renderAdmin('users');
    expect(await screen.findByText('No users')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong.Check your internet connection or try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    await user.type(screen.getByLabelText('Email Address'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Send Hire Request' }));
    expect(await screen.findByText('An offer to this user is already pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Hire Request' })).toBeDisabled();
  }, 15_000);

  it('sends a role outside the admin list to unauthorized', async () => {
    mockApi({});
    // A hired agency employee (5101) is not an admin.
    renderAdmin('tenancies', { adminAgentId: null, adminAccountSelf: null, managingAgentId: 40, managingAgentSelf: 0, managingAgentUserRole: 5101 });
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
  });
});
