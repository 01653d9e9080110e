import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { loggedInSession, TIES } from '../../testing/session';
import { RootLayout } from './root-layout';
import { Sidebar } from './sidebar';

const routes = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <p>welcome</p> },
      {
        path: 'propertymanagement/:space/*',
        element: <p>pm content</p>,
        handle: { Sidebar },
      },
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RootLayout', () => {
  it('offers Log in and Sign up when logged out, and no sidebar', () => {
    renderWithProviders(null, { routes });
    expect(screen.getByRole('link', { name: 'Makazi' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Find House' })).toHaveAttribute('href', '/findhouse');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('copyright 2024')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle menu' })).not.toBeInTheDocument();
  });

  it('shows the profile menu when logged in and logout clears the session', async () => {
    const api = mockApi({ 'POST /api/userauth/logout': () => json(200, { message: 'Logged out' }) });
    const { store, router } = renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/agency'],
      session: {
        session: {
          isLoggedIn: true,
          userName: 'Jane Wanjiru',
          userNo: 7,
          clientNo: 12,
          sessionId: 's-1',
        } as never,
      },
    });
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Hi Jane Wanjiru')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings/7');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(router.state.location.pathname).toBe('/');
    await vi.waitFor(() =>
      expect(api.bodiesOf('POST /api/userauth/logout')).toMatchObject([{ sessionId: 's-1' }]),
    );
  });

  it('logs out a session without client or user number', async () => {
    const api = mockApi({ 'POST /api/userauth/logout': () => json(200, { message: 'Logged out' }) });
    const { store } = renderWithProviders(null, {
      routes,
      session: { session: { isLoggedIn: true, userName: 'Jane', userNo: 7, clientNo: null } as never },
    });
    await vi.waitFor(() => expect(store.getState().session.isLoggedIn).toBe(false));
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.bodiesOf('POST /api/userauth/logout')).toHaveLength(1));
  });

  it('shows the sidebar with a menu toggle in the property-management area', async () => {
    renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/agency/dashboard'],
      session: {
        session: loggedInSession({ userName: 'Jane', ...TIES.agencyEmployee }),
      },
    });
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = await screen.findByRole('navigation', { name: 'Property management' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/propertymanagement/agency/dashboard',
    );
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByText('Hi Jane')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('has no sidebar for an unknown space', () => {
    renderWithProviders(null, { routes, initialEntries: ['/propertymanagement/elsewhere'] });
    expect(screen.queryByRole('button', { name: 'Toggle menu' })).not.toBeInTheDocument();
  });
});
