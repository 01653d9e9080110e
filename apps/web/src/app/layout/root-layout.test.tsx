import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render';
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

describe('RootLayout', () => {
  it('offers Log in and Sign up when logged out, and no sidebar', () => {
    renderWithProviders(null, { routes });
    expect(screen.getByRole('link', { name: 'Makazi' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Find House' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('copyright 2024')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle menu' })).not.toBeInTheDocument();
  });

  it('shows the profile menu when logged in and logout clears the session', async () => {
    const { store, router } = renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/agency'],
      session: { session: { isLoggedIn: true, userName: 'Jane Wanjiru', userNo: 7 } as never },
    });
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Hi Jane Wanjiru')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings/7');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the sidebar with a menu toggle in the property-management area', async () => {
    renderWithProviders(null, {
      routes,
      initialEntries: ['/propertymanagement/agency/dashboard'],
      session: {
        session: { isLoggedIn: true, userName: 'Jane' } as never,
        userSpace: { currentRole: 5101 } as never,
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
