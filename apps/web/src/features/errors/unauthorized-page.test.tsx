import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render';
import { UnauthorizedPage } from './unauthorized-page';

const routes = [
  { path: '/', element: <p>home page</p> },
  { path: '/previous', element: <p>previous page</p> },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
];

describe('UnauthorizedPage', () => {
  it('Back returns to the previous page', async () => {
    renderWithProviders(null, { routes, initialEntries: ['/previous', '/unauthorized'] });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('previous page')).toBeInTheDocument();
  });

  it('Home goes to /', async () => {
    renderWithProviders(null, { routes, initialEntries: ['/previous', '/unauthorized'] });
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
