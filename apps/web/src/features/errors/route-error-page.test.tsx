import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../testing/render';
import { RouteErrorPage } from './route-error-page';

function Thrower(): never {
  throw new Error('Boom in render');
}

describe('RouteErrorPage', () => {
  it('shows status and statusText of a thrown response', async () => {
    renderWithProviders(null, {
      routes: [
        {
          path: '/',
          errorElement: <RouteErrorPage />,
          hydrateFallbackElement: <p>loading</p>,
          loader: () => {
            throw new Response('gone', { status: 410, statusText: 'Gone' });
          },
          element: <p>never</p>,
        },
      ],
    });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('410 Gone')).toBeInTheDocument();
  });

  it('shows the message of a thrown error', async () => {
    // React and the router log the caught render error; keep the output clean.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(null, {
      routes: [{ path: '/', errorElement: <RouteErrorPage />, element: <Thrower /> }],
    });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Boom in render')).toBeInTheDocument();
    spy.mockRestore();
  });
});
