import { describe, expect, it } from 'vitest';
import type { InvoicingService } from '../invoicing/service';
import { penaltyLook } from './scheduler';
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
    const look = penaltyLook({ invoicing, charges, log });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['invoicing started']);
    invoiced();
    await look;
    expect(order).toEqual(['invoicing started', 'invoicing done', 'penalties']);
  });
});
