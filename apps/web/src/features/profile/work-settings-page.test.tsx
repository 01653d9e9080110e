import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '../../lib/i18n';
import { englishOn } from '../../testing/english-left';
import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { WorkSettingsPage } from './work-settings-page';

const INFO = 'GET /api/usermanagement/getusersgeneralinformation';
const ACCOUNTS = 'GET /api/usermanagement/getagentsmanagedbyuser';
const OFFERS = 'GET /api/usermanagement/getuserspendinghiringoffersrecievedbyuser';
const ACCEPT = 'PATCH /api/usermanagement/accepthiringOffer';
const REJECT = 'PATCH /api/usermanagement/rejecthiringOffer';
const END = 'PATCH /api/usermanagement/terminateagenthiringcontract';
const AVAILABILITY = 'PATCH /api/usermanagement/changeuseravailabilityforwork';
const AUTH = 'POST /api/userauth/authenticateuser';

const info = {
  UserNo: 7,
  ClientNo: 12,
  Full_name: 'Jane Wanjiru',
  First_name: 'Jane',
  Last_name: 'Wanjiru',
  Email: 'jane@example.com',
  PhoneNo: '0712345678',
  Username: 'jane@example.com',
  AvailableForWork: 1,
};
const offer = {
  AgencyUserHireOfferId: 3001,
  AgentNo: 40,
  UserNo: 7,
  Self: 0,
  AgencyName: 'Baraka Homes',
  AgentOwnerName: 'Otieno',
  Full_name: 'Jane Wanjiru',
  Email: 'jane@example.com',
  DateOfferPlaced: '2026-11-21T10:00:00.000Z',
};
const contract = {
  ManagingAgentId: 40,
  ManagingAgentSelf: 0,
  ManagingAgentName: 'Baraka Homes',
  ManagingAgentOwnerName: 'Otieno',
  AgencyUserHireOfferId: 3001,
};
const noAccounts = { agents: { myAgentAccount: null, managingAgentAccount: null } };

function renderWork(session: object = {}) {
  return renderWithProviders(null, {
    routes: [
      {
        path: '/settings/:id/work',
        element: (
          <>
            <Notifications />
            <WorkSettingsPage />
          </>
        ),
      },
      { path: '/propertymanagement/agency/dashboard', element: <p>where I came from</p> },
      { path: '/', element: <p>home page</p> },
    ],
    initialEntries: [
      {
        pathname: '/settings/7/work',
        state: { userId: 7, returnPath: '/propertymanagement/agency/dashboard' },
      } as never,
    ],
    session: {
      session: {
        isLoggedIn: true,
        userNo: 7,
        clientNo: 12,
        accessToken: 't',
        adminAgentId: null,
        adminAccountSelf: null,
        ...session,
      } as never,
    },
  });
}

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

// Each test walks a dialog through, typing as a person does.
describe('WorkSettingsPage', { timeout: 15_000 }, () => {
  it('accepts an offer after Yes and returns to the origin path', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [INFO]: () => json(200, info),
      [ACCOUNTS]: () => json(200, noAccounts),
      [OFFERS]: () => json(200, [offer]),
      [ACCEPT]: () => json(200, { message: 'Offer accepted' }),
      [AUTH]: () => json(500, {}),
    });
    renderWork();
    expect(
      await screen.findByText('You do not have any contracted agent account to manage.'),
    ).toBeInTheDocument();
    const card = await screen.findByTestId('offer');
    expect(card).toHaveTextContent('Baraka Homes');
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('where I came from')).toBeInTheDocument();
    expect(api.bodiesOf(ACCEPT)).toEqual([{ AgencyUserHireOfferNo: 3001, UserNo: 7, AgentId: 40 }]);
  });

  it('declines with a reason of at most 150 characters', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [INFO]: () => json(200, info),
      [ACCOUNTS]: () => json(200, noAccounts),
      [OFFERS]: () => json(200, [offer]),
      [REJECT]: () => json(500, {}),
    });
    renderWork();
    await user.click(within(await screen.findByTestId('offer')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline offer' });
    const reason = within(dialog).getByLabelText('Reason (optional)');
    await user.click(reason);
    await user.paste('x'.repeat(151));
    expect(within(dialog).getByText('Decline reason must be at most 150 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeDisabled();
    await user.clear(reason);
    await user.type(reason, 'Too far');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Failed to decline offer')).toBeInTheDocument();
    expect(api.bodiesOf(REJECT)).toEqual([
      { AgencyUserHireOfferNo: 3001, UserNo: 7, DeclineReason: 'Too far' },
    ]);
  });

  it('an agency owner may not accept or change availability', async () => {
    mockApi({
      [INFO]: () => json(200, info),
      [ACCOUNTS]: () =>
        json(200, {
          agents: {
            myAgentAccount: { AgentId: 50, Self: 0, AgentName: 'Own Agency' },
            managingAgentAccount: null,
          },
        }),
      [OFFERS]: () => json(200, [offer]),
    });
    renderWork({ adminAgentId: 50, adminAccountSelf: 0 });
    expect(
      await within(await screen.findByTestId('offer')).findByRole('button', { name: 'Accept' }),
    ).toBeDisabled();
    expect(
      screen.getByText(
        'You are not allowed to change availability for work since you have an agency account',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch')).toBeDisabled();
  });

  it('ends the contract after the question, marking it ended by user', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [INFO]: () => json(200, info),
      [ACCOUNTS]: () => json(200, { agents: { myAgentAccount: null, managingAgentAccount: contract } }),
      [OFFERS]: () => json(200, [offer]),
      [END]: () => json(500, {}),
    });
    renderWork({
      managingAgentId: 40,
      managingAgentSelf: 0,
      managingAgentUserRole: 5101,
      managingAgentUserLoginStatus: 1,
    });
    const section = await screen.findByTestId('contract');
    await within(section).findByText('Baraka Homes');
    // Already under contract: no second acceptance.
    expect(within(screen.getByTestId('offer')).getByRole('button', { name: 'Accept' })).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: 'End Contract' }));
    expect(screen.getByText('Are you sure you want to end this contract?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('An error occurred while terminating the contract')).toBeInTheDocument();
    expect(api.bodiesOf(END)).toEqual([{ offerId: 3001, contractEndedBy: 'user', userNo: 7 }]);
  });

  it('switches availability off; a failure says so', async () => {
    const user = userEvent.setup();
    let fail = false;
    const api = mockApi({
      [INFO]: () => json(200, info),
      [ACCOUNTS]: () => json(200, noAccounts),
      [OFFERS]: () => json(200, []),
      [AVAILABILITY]: () => (fail ? json(500, {}) : json(200, { message: 'Availability for work updated' })),
    });
    renderWork();
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText('Availability for work updated')).toBeInTheDocument();
    expect(api.bodiesOf(AVAILABILITY)).toEqual([{ available: 0 }]);
    fail = true;
    await user.click(screen.getByRole('switch'));
    expect(await screen.findByText('Something Went Wrong.Try again Later.')).toBeInTheDocument();
  });

  it('reads in Kiswahili: offers, the contract and availability, the accept dialog too', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('sw');
    try {
      mockApi({
        [INFO]: () => json(200, info),
        [ACCOUNTS]: () => json(200, { agents: { myAgentAccount: null, managingAgentAccount: contract } }),
        [OFFERS]: () => json(200, [offer]),
        [AUTH]: () => json(500, {}),
      });
      renderWork();
      const card = await screen.findByTestId('offer');
      expect(card).toHaveTextContent('Kutoka kwa Otieno');
      expect(await screen.findByText('Mmiliki: Otieno')).toBeInTheDocument();
      expect(screen.getByRole('switch', { name: 'Ninapatikana kwa kazi' })).toBeChecked();
      expect(englishOn()).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Maliza Mkataba' }));
      expect(await screen.findByRole('dialog', { name: 'Maliza Mkataba' })).toBeInTheDocument();
      expect(englishOn()).toEqual([]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
