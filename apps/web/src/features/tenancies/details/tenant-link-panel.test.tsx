import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '../../../lib/i18n';
import { json, mockApi } from '../../../testing/mock-api';
import { agencyOwnerSession } from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { tenancyFixture } from '../../../testing/tenancy-fixture';
import { TenantLinkPanel } from './tenant-link-panel';

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TenantLinkPanel', () => {
  it("tells the Kiswahili clerk a payment request waits for the tenant's PIN, in Kiswahili", async () => {
    await i18n.changeLanguage('sw');
    mockApi({
      'GET /api/tenantlinks': () => json(200, { live: true, createdAt: '2026-11-20T07:00:00.000Z', url: null, sentBy: [], message: '' }),
      // The server answers a just-sent request as pending, with its English words.
      'POST /api/tenantlinks/payrequest': () =>
        json(200, {
          requestId: 5,
          status: 'pending',
          amount: 9000,
          message: 'Waiting for you to enter your M-Pesa PIN…',
          receipt: null,
          requestedAt: '2026-11-21T07:00:00.000Z',
        }),
    });
    renderWithProviders(<TenantLinkPanel tenancy={tenancyFixture as never} managingAgentId={40} />, { session: agencyOwnerSession });
    await userEvent.type(await screen.findByLabelText('Simu'), '0708374149');
    await userEvent.click(screen.getByRole('button', { name: 'Tuma ombi la malipo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Imetumwa kwenye simu. Tunasubiri uweke PIN yako ya M-Pesa…');
  });
});
