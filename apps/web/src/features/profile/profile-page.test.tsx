import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RequireLogin } from '../../components/require-login';
import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { ProfilePage } from './profile-page';

const INFO = 'GET /api/usermanagement/getusersgeneralinformation';
const user = {
  UserNo: 7,
  ClientNo: 12,
  Full_name: 'Jane Wanjiru',
  First_name: 'Jane',
  Last_name: 'Wanjiru',
  Email: 'jane@example.com',
  PhoneNo: '0712345678',
  Username: 'jane',
  AvailableForWork: 1,
};

const routes = [
  { element: <RequireLogin />, children: [{ path: '/settings/:id', element: <ProfilePage /> }] },
  { path: '/signin', element: <p>sign-in page</p> },
];

const loggedIn = { session: { isLoggedIn: true, userNo: 7, clientNo: 12, accessToken: 't' } as never };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('shows the user number and bio data, the email disabled', async () => {
    const api = mockApi({
      [INFO]: () => json(200, user),
      'GET /api/usermanagement/getagentsmanagedbyuser': () =>
        json(200, {
          agents: {
            myAgentAccount: { AgentId: 41, Self: 1, AgentName: 'Jane Rentals' },
            managingAgentAccount: {
              ManagingAgentId: 40,
              ManagingAgentSelf: 0,
              ManagingAgentName: 'Baraka Homes',
              ManagingAgentOwnerName: 'Otieno',
              AgencyUserHireOfferId: 3001,
            },
          },
        }),
    });
    renderWithProviders(null, {
      routes,
      initialEntries: [{ pathname: '/settings/7', state: { userId: 7 } } as never],
      session: loggedIn,
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('User No: 7')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Wanjiru');
    expect(screen.getByLabelText('Email Address')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Email Address')).toBeDisabled();
    expect(screen.getByLabelText('Phone No')).toHaveValue('0712345678');
    expect(api.fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/usermanagement/getusersgeneralinformation?userNo=7',
    );
    expect(await screen.findByText('Jane Rentals')).toBeInTheDocument();
    expect(screen.getByText('Baraka Homes')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /Offers received, contracted managing account/ }),
    ).toHaveAttribute('href', '/settings/7/work');
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('readonly');
  });

  it('says so when nothing could be found', async () => {
    mockApi({ [INFO]: () => json(404, { message: 'Not found' }) });
    renderWithProviders(null, { routes, initialEntries: ['/settings/7'], session: loggedIn });
    expect(await screen.findByText('No information found. Something went wrong.')).toBeInTheDocument();
  });
});
