import { describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import type { InvoicingService } from '../invoicing/service';
import { startInvoicingTimer } from '../invoicing/scheduler';
import { startPenaltyTimer } from './scheduler';
import type { ChargesService } from './service';

const log = { info: () => undefined, error: () => undefined };

describe('the first look after a start', () => {
  it('charges penalties only after the catch-up invoicing has charged the months missed while down', async () => {
    const order: string[] = [];
    let invoiced: () => void = () => undefined;
    const invoicing = {
      runAutomatic: () =>
        new Promise<void>((resolve) => {
          order.push('invoicing started');
          invoiced = () => {
            order.push('invoicing done');
            resolve();
          };
        }),
    } as unknown as InvoicingService;
    const charges = {
      runPenaltiesAutomatic: async () => {
        order.push('penalties');
      },
    } as unknown as ChargesService;
    const stopInvoicing = startInvoicingTimer({ invoicing, clock: manualClock(new Date('2027-03-02T06:00:00Z')), log });
    const stopPenalties = startPenaltyTimer({ charges, after: stopInvoicing.firstLook, log });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order).toEqual(['invoicing started']);
      invoiced();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order).toEqual(['invoicing started', 'invoicing done', 'penalties']);
    } finally {
      stopInvoicing();
      stopPenalties();
    }
  });
});
