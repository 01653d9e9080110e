import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../../testing/kiswahili';
import { json, mockApi } from '../../../testing/mock-api';
import { AddUserPanel } from './add-user-panel';
import { AgencyUsers } from './agency-users';
import { PendingOffers } from './pending-offers';

inKiswahili();

describe("Admin's users and hiring in Kiswahili", { timeout: 20_000 }, () => {
  it("Admin's users and hiring panels: searching, a user not available, users and offers sent", async () => {
    const user = userEvent.setup();
    const busy = { UserNo: 9, Full_name: 'Amina Njeri', Email: 'busy@example.co.ke', PhoneNo: '0711000222', Username: 'busy@example.co.ke', AvailableForWork: 0 };
    mockApi({
      'GET /api/usermanagement/getuser': () => json(200, [busy]),
      'GET /api/agent/getagentspendinghiringofferssent': () =>
        json(200, [{ AgencyUserHireOfferId: 3001, AgentNo: 40, UserNo: 9, Self: 0, AgencyName: 'Baraka Homes', AgentOwnerName: 'Jane', Full_name: 'Amina Njeri', Email: 'amina@example.co.ke', DateOfferPlaced: '2026-11-21T10:00:00.000Z' }]),
      'GET /api/agent/getagentusersbyagentadminuser': () =>
        json(200, [{ UserNo: 11, Full_name: 'Otieno Kamau', Email: 'otieno@example.co.ke', Username: 'otieno@example.co.ke', ManagingAgentUserRole: 5101, ManagingAgentAllocatedUsername: null, ManagingAgentUserLoginStatus: 1, AgencyUserHireOfferId: 2999, AvailableForWork: 1 }]),
    });
    renderOfficePage(
      <>
        <AddUserPanel agentId={40} adminUserNo={7} />
        <PendingOffers agentId={40} />
        <AgencyUsers agentId={40} adminUserNo={7} />
      </>,
    );
    expect(await screen.findByText('Jina la mtumiaji: Bado hakuna jina la mtumiaji lililotolewa')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Futa Ombi' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Kuwasha akaunti ya Otieno Kamau' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ongeza Mtumiaji' }));
    const panel = screen.getByTestId('add-user-panel');
    await user.type(within(panel).getByLabelText('Anwani ya Barua pepe'), 'busy@example.co.ke');
    await user.click(within(panel).getByRole('button', { name: 'Tafuta' }));
    expect(await within(panel).findByText('busy@example.co.ke hapatikani kwa kazi')).toBeInTheDocument();
    expect(englishOn()).toEqual([]);
  });
});
