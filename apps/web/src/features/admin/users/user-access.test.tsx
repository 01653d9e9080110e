import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AgencyUsers } from './agency-users';

const property = (PropId: number, Property_name: string) => ({
  PropId,
  Property_name,
  Rental_units: 4,
  County: 'Nairobi',
  Town: 'Nairobi',
  Area_Estate: 'Westlands',
  LandlordNo: 5,
  LandlordName: 'Wanjiru Mutua',
  managingAgentId: 40,
  TotalNumberOfHouses: 4,
  OccupiedHouses: 1,
  AvailableHouses: 3,
  Lr_number: null,
  Erits_ref: null,
});
const otieno = {
  UserNo: 11,
  Full_name: 'Otieno Kamau',
  Email: 'otieno@example.co.ke',
  Username: 'otieno@example.co.ke',
  ManagingAgentUserRole: 5101,
  ManagingAgentAllocatedUsername: null,
  ManagingAgentUserLoginStatus: 1,
  AgencyUserHireOfferId: 2999,
  AvailableForWork: 1,
  PropIds: [] as number[],
};

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe("the admin's role and property picker (decision 061)", { timeout: 20_000 }, () => {
  it('shows the whole account, makes a caretaker of one property, and will not save a caretaker without one', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/agent/getagentusersbyagentadminuser': () => json(200, [otieno]),
      'GET /api/properties/getAllPropertiesByAgentId': () => json(200, [property(101, 'Baraka Court'), property(102, 'Tumaini Flats')]),
      'POST /api/agent/useraccess': () => json(200, { message: 'Role and properties saved' }),
    });
    renderWithProviders(
      <>
        <Notifications />
        <AgencyUsers agentId={40} adminUserNo={7} />
      </>,
    );
    const card = await screen.findByTestId('agency-user');
    expect(within(card).getByText('Clerk')).toBeInTheDocument();
    expect(within(card).getByTestId('user-properties')).toHaveTextContent('All properties');

    await user.click(within(card).getByRole('button', { name: 'Role and properties' }));
    const editor = await screen.findByTestId('user-access');
    await user.click(within(editor).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Caretaker' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent('A caretaker needs at least one property');
    expect(within(editor).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(within(editor).getByPlaceholderText('All properties'));
    await user.click(await screen.findByRole('option', { name: 'Tumaini Flats' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/agent/useraccess')).toEqual([{ managingAgentId: 40, AgencyUserHireOfferId: 2999, Role: 5102, PropIds: [102] }]),
    );
    expect(await screen.findByText('Role and properties saved')).toBeInTheDocument();
  });

  it('names the properties a limited user works on', async () => {
    mockApi({
      'GET /api/agent/getagentusersbyagentadminuser': () => json(200, [{ ...otieno, ManagingAgentUserRole: 5102, PropIds: [101] }]),
      'GET /api/properties/getAllPropertiesByAgentId': () => json(200, [property(101, 'Baraka Court'), property(102, 'Tumaini Flats')]),
    });
    renderWithProviders(<AgencyUsers agentId={40} adminUserNo={7} />);
    const card = await screen.findByTestId('agency-user');
    expect(within(card).getByText('Caretaker')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId('user-properties')).toHaveTextContent('Only: Baraka Court'));
  });
});
