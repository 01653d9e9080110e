import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { OutboxPage } from './outbox-page';

inKiswahili();

describe('the receipt notices outbox in Kiswahili', { timeout: 20_000 }, () => {
  it('the receipt notices outbox: states, channels, the reasons and the resend notice', async () => {
    const user = userEvent.setup();
    const notice = {
      noticeId: 5,
      state: 'failed',
      channel: 'sms',
      recipient: '0712345678',
      receiptNo: 'RCT-000004',
      amountCents: 1_500_000,
      attempts: 3,
      lastAttemptAt: '2026-11-02T08:00:00.000Z',
      nextAttemptAt: null,
      lastError: 'The phone number cannot receive SMS',
    };
    mockApi({
      'GET /api/notices/outbox': () =>
        json(200, {
          notices: [
            notice,
            { ...notice, noticeId: 6, channel: 'email', recipient: 'a@b.co.ke', lastError: 'The provider refused it for good: 550 mailbox full' },
          ],
        }),
      'POST /api/notices/outbox/resend': () => json(200, { message: 'The notice will be sent again in a moment.' }),
    });
    renderOfficePage(<OutboxPage />);
    const row = await screen.findByRole('row', { name: 'Arifa RCT-000004 kwa sms' });
    expect(row).toHaveTextContent('Imeshindikana');
    expect(row).toHaveTextContent('Nambari ya simu haiwezi kupokea SMS');
    expect(row).toHaveTextContent('Ksh 15,000.00');
    expect(screen.getByRole('row', { name: 'Arifa RCT-000004 kwa email' })).toHaveTextContent(
      'Mtoa huduma ameikataa kabisa: 550 mailbox full',
    );
    expect(englishOn()).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Tuma tena sasa' }));
    expect(await screen.findByText('Arifa itatumwa tena baada ya muda mfupi.')).toBeInTheDocument();
    expect(englishOn()).toEqual([]);
  });
});
