import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { RegistrationCard } from './registration-card';

afterEach(() => vi.unstubAllGlobals());

describe('RegistrationCard', () => {
  it('refuses a year without a number before asking the server, then saves the number as the Board writes it', async () => {
    const api = mockApi({
      'GET /api/agent/registration': () => json(200, { EarbNo: null, PractisingYear: null }),
      'POST /api/agent/registration': () => json(200, { message: 'Estate Agents Act registration saved', EarbNo: 'EA/1234', PractisingYear: 2026 }),
    });
    renderWithProviders(<RegistrationCard managingAgentId={7} />);
    const year = await screen.findByLabelText('Practising certificate year');
    await userEvent.type(year, '2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save registration' }));
    expect(await screen.findByText('Give the EARB registration number with the practising certificate year')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('EARB registration number'), 'ea/1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save registration' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Estate Agents Act registration saved');
    expect(api.calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({ managingAgentId: 7, EarbNo: 'EA/1234', PractisingYear: 2026 });
  });
});
