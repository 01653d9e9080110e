import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { VatCard } from './vat-card';

afterEach(() => vi.unstubAllGlobals());

describe('VatCard', () => {
  it('refuses a PIN without its day before asking the server, then saves the PIN as KRA writes it', async () => {
    const api = mockApi({
      'GET /api/agent/vat': () => json(200, { VatPin: null, VatFrom: null }),
      'POST /api/agent/vat': () => json(200, { message: 'VAT registration saved', VatPin: 'P051234567Q', VatFrom: '2026-06-01' }),
    });
    renderWithProviders(<VatCard managingAgentId={7} />);
    const pin = await screen.findByLabelText('VAT PIN');
    await userEvent.type(pin, 'p051234567q');
    await userEvent.click(screen.getByRole('button', { name: 'Save VAT registration' }));
    expect(
      await screen.findByText('Give the VAT PIN and the day it applies from together, or clear both when the agency is not VAT-registered'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Registered from'), '2026-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save VAT registration' }));
    expect(await screen.findByRole('status')).toHaveTextContent('VAT registration saved');
    expect(api.calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({ managingAgentId: 7, VatPin: 'P051234567Q', VatFrom: '2026-06-01' });
  });
});
