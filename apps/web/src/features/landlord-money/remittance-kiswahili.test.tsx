import { MONEY_OUT_MESSAGES } from '@makazi/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { RemittanceRun } from './remittance-run';

inKiswahili();

describe('the remittance run in Kiswahili', { timeout: 20_000 }, () => {
  it("says a refused payout's reason in Kiswahili, its amounts and the landlord's name kept", async () => {
    mockApi({
      'GET /api/landlord-money/remittance': () =>
        json(200, [{ LandlordNo: 31, Landlord_name: 'Achieng Otieno', Amount: 5000, RemittanceDay: 5, PayoutMethod: 'mpesa', PayoutDetails: '0712345678' }]),
      'POST /api/landlord-money/remittance': () =>
        // An English server (or one that did not read Accept-Language) still reaches the reader in Kiswahili.
        json(200, [{ LandlordNo: 31, Status: 'refused', PayoutId: null, message: MONEY_OUT_MESSAGES.overBalance(500000, 120000, 'Achieng Otieno') }]),
    });
    renderOfficePage(<RemittanceRun managingAgentId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: /Ksh 5,000.00/ }));
    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent('Malipo ya Ksh 5,000.00 ni zaidi ya Ksh 1,200.00 anazodai Achieng Otieno');
    expect(outcome).not.toHaveTextContent('is more than');
    expect(englishOn()).toEqual([]);
  });
});
