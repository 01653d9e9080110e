import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says the page was not found and links Home', () => {
    renderWithProviders(<NotFoundPage />, { path: '*', initialEntries: ['/nope'] });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});
