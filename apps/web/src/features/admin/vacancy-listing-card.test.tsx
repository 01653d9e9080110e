import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { VacancyListingCard } from './vacancy-listing-card';

afterEach(() => vi.unstubAllGlobals());

describe('VacancyListingCard', () => {
  it('links to the public Find House page by its name, inside the explanation', async () => {
    mockApi({ 'GET /api/agent/vacancylisting': () => json(200, { Published: false, EnquiryPhone: '', EnquiryEmail: '' }) });
    renderWithProviders(<VacancyListingCard managingAgentId={7} />);
    const link = await screen.findByRole('link', { name: 'Find House' });
    expect(link).toHaveAttribute('href', '/findhouse');
    expect(link.parentElement).toHaveTextContent(/on the public Find House page: property, house number/);
  });
});
