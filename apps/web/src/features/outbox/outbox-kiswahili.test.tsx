import { Notifications, notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { i18n } from '../../lib/i18n';
import { englishOn } from '../../testing/english-left';
import { json, mockApi } from '../../testing/mock-api';
import { agencyOwnerSession } from '../../testing/pm-session';
import { renderWithProviders } from '../../testing/render';
import { OutboxPage } from './outbox-page';

function renderInOffice(ui: ReactElement) {
  return renderWithProviders(
    <>
      <Notifications />
      {ui}
    </>,
    {
      path: '/propertymanagement/:space/office',
      initialEntries: ['/propertymanagement/agency/office'],
      session: agencyOwnerSession,
    },
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('sw');
});

afterEach(async () => {
  notifications.clean();
  await i18n.changeLanguage('en');
});

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
    renderInOffice(<OutboxPage />);
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
