import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../../testing/mock-api';
import { agencyOwnerSession } from '../../../testing/pm-session';
import { renderWithProviders } from '../../../testing/render';
import { tenancyFixture as tenancy } from '../../../testing/tenancy-fixture';
import { TerminateTenancyPage } from './terminate-tenancy-page';

function renderPage() {
  return renderWithProviders(null, {
    routes: [{ path: '/propertymanagement/:space/tenancymanagement/terminatetenancy', element: <TerminateTenancyPage /> }],
    initialEntries: ['/propertymanagement/agency/tenancymanagement/terminatetenancy'],
    session: agencyOwnerSession,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TerminateTenancyPage', () => {
  it("says 'something went wrong' when ending the tenancy fails without a reason", async () => {
    mockApi({
      'GET /api/tenancy/gettenancybyid': () => json(200, tenancy),
      'POST /api/tenancy/terminatetenancy': () => json(500, { message: 'An error occurred' }),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Tenancy ID'), String(tenancy.TenancyId));
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Terminate Tenancy' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Terminate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^something went wrong$/);
  });
});
