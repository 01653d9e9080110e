import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../testing/render';
import { MoneyInput } from './money-input';

function Harness() {
  const [value, setValue] = useState('');
  return <MoneyInput label="Rent" value={value} onChange={setValue} />;
}

function renderInput() {
  renderWithProviders(<Harness />);
  return screen.getByLabelText('Rent');
}

describe('MoneyInput', () => {
  it('adds thousands separators as the amount is typed', async () => {
    const input = renderInput();
    await userEvent.type(input, '1234567');
    expect(input).toHaveValue('1,234,567');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('Ksh')).toBeInTheDocument();
  });

  it('collapses a doubled point and drops letters', async () => {
    const input = renderInput();
    await userEvent.type(input, '1..5x');
    expect(input).toHaveValue('1.5');
  });

  it('keeps at most two decimals', async () => {
    const input = renderInput();
    await userEvent.type(input, '15000.567');
    expect(input).toHaveValue('15,000.56');
  });

  it('is empty when cleared', async () => {
    const input = renderInput();
    await userEvent.type(input, '2500');
    await userEvent.clear(input);
    expect(input).toHaveValue('');
  });
});
