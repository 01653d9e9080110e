import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../testing/render';
import { RequireLogin } from './require-login';

const routes = [
  { element: <RequireLogin />, children: [{ path: '/private', element: <p>private page</p> }] },
  { path: '/signin', element: <p>sign-in page</p> },
  { path: '/', element: <p>home page</p> },
];

describe('RequireLogin', () => {
  it('shows the page to a logged-in user', () => {
    renderWithProviders(null, {
      routes,
      initialEntries: ['/private'],
      session: { session: { isLoggedIn: true, userNo: 1, clientNo: 2 } as never },
    });
    expect(screen.getByText('private page')).toBeInTheDocument();
  });

  it('sends a logged-out visitor to /signin, remembering where from', () => {
    const { router } = renderWithProviders(null, { routes, initialEntries: ['/private'] });
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/private' } });
  });

  it('sends a user who logs out here home', async () => {
    const { router, store } = renderWithProviders(null, {
      routes,
      initialEntries: ['/private'],
      session: { session: { isLoggedIn: true, userNo: 1, clientNo: 2 } as never },
    });
    act(() => store.clear());
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
