import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../testing/render';
import { loggedInSession, TIES } from '../testing/session';
import { RequireRole } from './require-role';

const routes = (allowed: 'allAllowed' | 'adminOnlyAllowed' | 'allowedMakeCashPayments') => [
  { path: '/', element: <p>home</p> },
  { path: '/unauthorized', element: <p>unauthorized</p> },
  {
    path: '/propertymanagement/:space/admin',
    element: (
      <RequireRole allowed={allowed}>
        <p>admin page</p>
      </RequireRole>
    ),
  },
];

describe('RequireRole', () => {
  it('renders the page for a role in the list', () => {
    renderWithProviders(null, {
      routes: routes('adminOnlyAllowed'),
      initialEntries: ['/propertymanagement/agency/admin'],
      session: { session: loggedInSession(TIES.agencyAdmin) },
    });
    expect(screen.getByText('admin page')).toBeInTheDocument();
  });

  it('sends a logged-in user whose role is not in the list to unauthorized', () => {
    const { router } = renderWithProviders(null, {
      routes: routes('adminOnlyAllowed'),
      initialEntries: ['/propertymanagement/agency/admin'],
      session: { session: loggedInSession(TIES.agencyEmployee) },
    });
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('reads the cash-payment list from the session', () => {
    const session = loggedInSession(TIES.agencyEmployee);
    session.roles = { ...session.roles, segmentedPermisions: { allowedMakeCashPayments: [5100] } };
    const { router } = renderWithProviders(null, {
      routes: routes('allowedMakeCashPayments'),
      initialEntries: ['/propertymanagement/agency/admin'],
      session: { session },
    });
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('sends a logged-out visitor home', () => {
    const { router } = renderWithProviders(null, {
      routes: routes('allAllowed'),
      initialEntries: ['/propertymanagement/agency/admin'],
    });
    expect(router.state.location.pathname).toBe('/');
  });
});
