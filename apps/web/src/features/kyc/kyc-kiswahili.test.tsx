import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { KycPage } from './kyc-page';

inKiswahili();

const subject = { ClientNo: 1201, Full_name: 'Kamau Wanjohi', Kinds: ['landlord'], Version: null, VerifiedOn: null, Pep: null, Documents: 0 };

describe('KYC and the AML log, in Kiswahili', { timeout: 60_000 }, () => {
  it('records a landlord’s due diligence: the KRA PIN checked as KRA writes it, sent as a new version', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/kyc/subjects': () => json(200, [subject]),
      'GET /api/kyc/record': () => json(200, { ClientNo: 1201, Full_name: 'Kamau Wanjohi', Versions: [], Documents: [] }),
      'POST /api/kyc/record': () => json(200, { message: 'Customer due diligence record saved', KycId: 1, Version: 1 }),
    });
    renderOfficePage(<KycPage />, 'anti-money-laundering');
    expect(await screen.findByRole('heading', { name: 'Kupambana na utakatishaji wa pesa' })).toBeInTheDocument();
    expect(await screen.findByText('Bado hakuna kumbukumbu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fungua: Kamau Wanjohi' }));
    const form = await screen.findByRole('region', { name: 'Uchunguzi wa Kamau Wanjohi' });
    await user.type(within(form).getByLabelText('Nambari ya kitambulisho au usajili'), '12345678');
    await user.type(within(form).getByLabelText('PIN ya KRA'), 'A12345678');
    await user.click(within(form).getByRole('button', { name: 'Hifadhi kama toleo jipya' }));
    expect(await within(form).findByText('PIN ya KRA ni herufi, tarakimu tisa na herufi (A123456789B)')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/kyc/record')).toEqual([]);
    expect(englishOn()).toEqual([]);
    await user.clear(within(form).getByLabelText('PIN ya KRA'));
    await user.type(within(form).getByLabelText('PIN ya KRA'), 'a123456789b');
    await user.click(within(form).getByRole('button', { name: 'Hifadhi kama toleo jipya' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Kumbukumbu ya uchunguzi wa mteja imehifadhiwa');
    const [sent] = api.bodiesOf('POST /api/kyc/record') as Record<string, unknown>[];
    expect(sent).toMatchObject({ managingAgentId: expect.any(Number), ClientNo: 1201, Kind: 'landlord', IdNumber: '12345678', KraPin: 'A123456789B' });
  });

  it('shows the server’s refusal to a user who is not the reporting officer', async () => {
    mockApi({
      'GET /api/kyc/subjects': () =>
        json(403, { message: 'Only the agency’s administrators and its money-laundering reporting officer may see these records', code: 'FORBIDDEN' }),
    });
    renderOfficePage(<KycPage />, 'anti-money-laundering');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ni wasimamizi wa wakala na afisa wake wa kuripoti utakatishaji wa pesa pekee wanaoweza kuona kumbukumbu hizi',
    );
  });
});
