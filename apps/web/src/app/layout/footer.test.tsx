import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('shows the copyright text', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText('copyright 2024')).toBeInTheDocument();
  });
});
