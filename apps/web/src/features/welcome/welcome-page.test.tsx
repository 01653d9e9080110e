import { screen } from '@testing-library/react';
import { SIGN_IN_MESSAGES } from '@makazi/domain';
import { afterEach, describe, expect, it } from 'vitest';

import { forgetSessionEnded, markSessionEnded } from '../../lib/auth';
import { renderWithProviders } from '../../testing/render';
import { WelcomePage } from './welcome-page';

afterEach(() => forgetSessionEnded());

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

  it('tells a user whose session the server ended why they are logged out', () => {
    markSessionEnded();
    renderWithProviders(<WelcomePage />);
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.sessionExpired);
  });

  it('says nothing after a plain logout', () => {
    renderWithProviders(<WelcomePage />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing to a user who is logged in again', () => {
    markSessionEnded();
    renderWithProviders(<WelcomePage />, { session: { session: { isLoggedIn: true, userName: 'Otieno' } as never } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
