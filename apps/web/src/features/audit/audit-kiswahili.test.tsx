import { Notifications, notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { i18n } from '../../lib/i18n';
import { englishOn } from '../../testing/english-left';
import { json, mockApi } from '../../testing/mock-api';
import { agencyOwnerSession } from '../../testing/pm-session';
import { renderWithProviders } from '../../testing/render';
import { AuditPage } from './audit-page';

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

describe('the audit trail in Kiswahili', { timeout: 20_000 }, () => {
  it('the audit trail: filters, who did what, in Kiswahili', async () => {
    mockApi({
      'GET /api/audit/events': () =>
        json(200, {
          events: [
            { eventId: 1, at: '2026-11-02T08:00:00.000Z', table: 'tenancies', recordId: '17', action: 'update', changes: { rent: [1, 2] }, userNo: 7, userName: null, role: 5100, ip: '10.0.0.1' },
            { eventId: 2, at: '2026-11-02T08:00:00.000Z', table: 'tenancies', recordId: '18', action: 'insert', changes: {}, userNo: null, userName: null, role: null, ip: null },
          ],
          more: true,
        }),
    });
    renderInOffice(<AuditPage />);
    expect(await screen.findByText('imebadilishwa')).toBeInTheDocument();
    expect(screen.getByText('Mtumiaji (7)')).toBeInTheDocument();
    expect(screen.getByText('Mfumo')).toBeInTheDocument();
    expect(screen.getByLabelText('Mtu (nambari ya mtumiaji)')).toBeInTheDocument();
    expect(englishOn()).toEqual([]);
  });
});
