import type { BookPreview } from '@makazi/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockApi } from '../../testing/mock-api';
import { agencyOwnerSession } from '../../testing/pm-session';
import { renderWithProviders } from '../../testing/render';
import { BookImport } from './book-import-page';

const PREVIEW = 'POST /api/book-import/preview';
const CONFIRM = 'POST /api/book-import/confirm';
const PROGRESS = 'GET /api/book-import/progress';
const MAPPINGS = 'GET /api/book-import/mapping';
const SAVE = 'POST /api/book-import/mapping';

const clean: BookPreview = {
  Sheets: [{ Sheet: 'tenancies', Rows: 30, Create: 30, Match: 0 }],
  Problems: [],
  ProblemCount: 0,
  Matches: [],
  Balances: { Tenancies: 30, Landlords: 3, Meters: 0, AlreadyEntered: 0 },
  Unmapped: [],
};
const bad: BookPreview = {
  ...clean,
  Problems: [{ Sheet: 'tenants', Row: 14, Column: 'phone', Value: '0722 55 111', Message: 'Please enter valid phone number' }],
  ProblemCount: 1,
};

afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<BookImport managingAgentId={40} />, { session: agencyOwnerSession as never });
const book = () => new File(['x'], 'book.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('BookImport', () => {
  it('names a bad row with its sheet, row, column and value, and offers no import until the file is mended', async () => {
    const user = userEvent.setup();
    let answer = bad;
    mockApi({
      [PREVIEW]: () => json(200, answer),
      [PROGRESS]: () => json(200, { Stage: 'checking', Done: 1000, Total: 5000 }),
      [MAPPINGS]: () => json(200, []),
      [CONFIRM]: () =>
        json(200, {
          message: 'Book imported',
          Created: { Landlords: 3, Properties: 5, Houses: 40, Tenants: 30, Tenancies: 30 },
          Balances: { Tenancies: 30, Landlords: 3, Meters: 0 },
        }),
    });
    const { container } = render();
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, book());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(/Row 14, Phone: Please enter valid phone number/)).toBeInTheDocument();
    expect(screen.getByText(/“0722 55 111”/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import \d+ rows/ })).not.toBeInTheDocument();

    answer = clean;
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Every row is in order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 30 rows' }));
    expect(await screen.findByText('Imported: 3 landlords, 5 properties, 40 houses, 30 tenants and 30 tenancies created.')).toBeInTheDocument();
  });

  it('saves a mapping of the agency’s own headers for a sheet', async () => {
    const user = userEvent.setup();
    const api = mockApi({ [MAPPINGS]: () => json(200, []), [SAVE]: () => json(200, { message: 'Column mapping saved' }) });
    render();
    await user.type(await screen.findByLabelText('Tenant phone — Your header'), 'Simu ya mpangaji');
    await user.click(screen.getByRole('button', { name: 'Save the mapping' }));
    expect(await screen.findByText('Column mapping saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodiesOf(SAVE)).toEqual([expect.objectContaining({ managingAgentId: 40, Sheet: 'tenancies', Columns: { tenant_phone: 'Simu ya mpangaji' } })]),
    );
  });
});
