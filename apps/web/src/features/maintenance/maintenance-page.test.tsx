import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '../../lib/i18n';
import { englishOn } from '../../testing/english-left';
import { json, mockApi } from '../../testing/mock-api';
import { agencyOwnerSession } from '../../testing/pm-session';
import { renderWithProviders } from '../../testing/render';
import { MaintenancePage } from './maintenance-page';

const item = (over: Record<string, unknown>) => ({
  requestId: 3,
  tenancyId: 9,
  house: 'A1',
  property: 'Umoja Court',
  tenantName: 'Wanjiku Kamau',
  category: 'plumbing',
  description: 'The kitchen tap is leaking',
  status: 'new',
  assignedUserNo: null,
  assignedName: null,
  contractor: null,
  createdAt: '2026-11-20T07:00:00.000Z',
  ageDays: 3,
  photoIds: [],
  comments: [{ by: 'Amani Wekesa', at: '2026-11-21T07:00:00.000Z', body: 'Fundi anakuja kesho' }],
  expense: null,
  ...over,
});

function renderPage() {
  mockApi({
    'GET /api/maintenance': () =>
      json(200, [
        item({}),
        item({
          requestId: 4,
          category: 'electrical',
          status: 'done',
          ageDays: 1,
          contractor: 'Juma Electricals',
          expense: { ExpenseId: 12, Amount: 2500, Status: 'awaiting_approval' },
        }),
      ]),
    'GET /api/maintenance/assignees': () => json(200, [{ userNo: 7, name: 'Amani Wekesa' }]),
  });
  return renderWithProviders(null, {
    routes: [{ path: '/propertymanagement/:space/maintenance', element: <MaintenancePage /> }],
    initialEntries: ['/propertymanagement/agency/maintenance'],
    session: {
      session: {
        ...(agencyOwnerSession.session as object),
        roles: { allAllowed: [5100, 5101, 5200, 5201], adminOnlyAllowed: [5100, 5200], programmerOnlyAllowed: [], segmentedPermisions: {} },
      },
    } as never,
  });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MaintenancePage', () => {
  it('shows the queue with age, assignment, status buttons and the repair cost form', async () => {
    renderPage();
    expect(await screen.findByRole('article', { name: 'Request 3' })).toHaveTextContent('Plumbing · A1, Umoja Court');
    expect(screen.getByRole('article', { name: 'Request 3' })).toHaveTextContent('3 days old');
    expect(screen.getByRole('article', { name: 'Request 4' })).toHaveTextContent('1 day old');
    expect(screen.getByRole('article', { name: 'Request 4' })).toHaveTextContent(
      'Cost recorded as expense 12: Ksh 2,500.00, waiting for the landlord’s approval.',
    );
    expect(screen.getAllByRole('button', { name: 'Mark done' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Record cost as property expense' })).toBeInTheDocument();
  });

  it('reads in Kiswahili, with no English left', async () => {
    await i18n.changeLanguage('sw');
    renderPage();
    expect(await screen.findByRole('article', { name: 'Ombi 3' })).toHaveTextContent('Mabomba · A1, Umoja Court');
    expect(screen.getByRole('article', { name: 'Ombi 3' })).toHaveTextContent('siku 3 zilizopita');
    expect(screen.getByRole('heading', { name: 'Matengenezo' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ombi 4' })).toHaveTextContent('Ksh 2,500.00');
    expect(screen.getByRole('article', { name: 'Ombi 3' })).toHaveTextContent('21/11/2026');
    expect(englishOn()).toEqual([]);
  });
});
