import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { englishOn } from '../../testing/english-left';
import { inKiswahili, renderOfficePage } from '../../testing/kiswahili';
import { json, mockApi } from '../../testing/mock-api';
import { AuditPage } from './audit-page';

inKiswahili();

describe('the audit trail in Kiswahili', { timeout: 20_000 }, () => {
  it('the audit trail: filters, who did what, in Kiswahili', async () => {
    mockApi({
      'GET /api/audit/events': () =>
        json(200, {
          events: [
            { eventId: 1, at: '2026-11-02T08:00:00.000Z', table: 'tenancies', recordId: '17', action: 'update', changes: { rent: [1, 2] }, userNo: 7, userName: null, role: 5100, ip: '10.0.0.1' },
            { eventId: 2, at: '2026-11-02T08:00:00.000Z', table: 'tenancies', recordId: '18', action: 'insert', changes: {}, userNo: null, userName: null, role: null, ip: null },
            { eventId: 3, at: '2026-11-02T08:00:00.000Z', table: 'journal_transactions', recordId: '40', action: 'insert', changes: {}, userNo: null, userName: null, role: null, ip: null },
          ],
          more: true,
        }),
    });
    renderOfficePage(<AuditPage />);
    expect(await screen.findByText('imebadilishwa')).toBeInTheDocument();
    expect(screen.getByText('Mtumiaji (7)')).toBeInTheDocument();
    expect(screen.getAllByText('Mfumo')).toHaveLength(2);
    expect(screen.getByLabelText('Mtu (nambari ya mtumiaji)')).toBeInTheDocument();
    // The domain's words, not the database's tables.
    expect(screen.getByText('upangaji 17')).toBeInTheDocument();
    expect(screen.getByText('muamala 40')).toBeInTheDocument();
    expect(screen.queryByText(/tenancies|journal_transactions/)).toBeNull();
    expect(screen.getByPlaceholderText('Aina yoyote')).toBe(screen.getAllByLabelText('Aina ya rekodi')[0]);
    expect(englishOn()).toEqual([]);
  });
});
