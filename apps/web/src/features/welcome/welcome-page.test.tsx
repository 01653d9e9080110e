import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render';
import { WelcomePage } from './welcome-page';

describe('WelcomePage', () => {
  it('asks a visitor to log in', () => {
    renderWithProviders(<WelcomePage />);
    expect(screen.getByRole('heading', { name: 'Welcome to Makazi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to continue' })).toHaveAttribute('href', '/signin');
  });

  it('greets a logged-in user by name', () => {
    renderWithProviders(<WelcomePage />, {
      session: { session: { isLoggedIn: true, userName: 'Otieno' } as never },
    });
    expect(screen.getByRole('heading', { name: 'Welcome Otieno' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to continue' })).not.toBeInTheDocument();
  });
});
