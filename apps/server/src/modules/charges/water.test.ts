import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, pay, reverse, statementOf, tenancyOf, type Agency } from '../../test/estate';

const clock = manualClock(new Date('2026-11-20T09:00:00Z'));
let app: FastifyInstance;
let api: ReturnType<typeof chargesApi>;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
  api = chargesApi(app);
});
afterAll(() => app.close());

type Line = {
  TransactionId: number;
  TrsAccount: string;
  TransactionDetails: string;
  Debit: number;
  Credit: number;
  Balance: number;
};
type Sheet = {
  Houses: {
    House_number: string;
    Previous: number | null;
    Reading: number | null;
    Units: number | null;
    Amount: number | null;
    Charged: boolean;
  }[];
  Missing: string[];
  Confirmed: boolean;
};

/** A property of three houses, the first two let on 20 November 2026, the third vacant. */
async function setting() {
  clock.set(new Date('2026-11-20T09:00:00Z'));
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant } = await estate(app, agency, { houses: 3, rent: '10,000', deposit: '0' });
  const a = await bookOk(app, agency, houseIds[0]!, await tenant());
  const b = await bookOk(app, agency, houseIds[1]!, await tenant());
  const sheet = async (month: string): Promise<Sheet> => (await api.water(agency, propId, month)).json();
  return { agency, propId, houseIds, a, b, sheet };
}

describe('metered water', () => {
  it('charges each let house once from its readings, lists houses without one as missing, and shows the statement line', async () => {
    const { agency, propId, houseIds, a, b, sheet } = await setting();
    expect(
      (await api.waterTariff(agency, { PropId: propId, UnitPrice: '150', MinimumCharge: '200' })).statusCode,
    ).toBe(200);

    const saved = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-11',
      Readings: [
        { HouseId: houseIds[0], Reading: '1,246', StartReading: 1234 },
        { HouseId: houseIds[2], Reading: 500, StartReading: 480 },
      ],
    });
    expect([saved.statusCode, saved.json().message]).toEqual([200, '2 readings saved']);
    const november = await sheet('2026-11');
    expect(november.Houses.map((h) => [h.Reading, h.Units, h.Amount])).toEqual([
      [1246, 12, 1800],
      [null, null, null],
      [500, 20, 3000],
    ]);
    expect(november.Missing).toHaveLength(1);
    expect(november.Missing[0]).toBe(november.Houses[1]!.House_number);

    const confirmed = await api.confirmWater(agency, { PropId: propId, Month: '2026-11' });
    expect(confirmed.json()).toMatchObject({
      charged: 1,
      amount: 1800,
      Missing: november.Missing,
      message: 'Water charged to 1 tenancy: Ksh 1,800.00',
    });
    const again = await api.confirmWater(agency, { PropId: propId, Month: '2026-11' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      "This month's readings are already confirmed and charged.",
    ]);
    const late = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-11',
      Readings: [{ HouseId: houseIds[1], Reading: 10, StartReading: 0 }],
    });
    expect(late.statusCode).toBe(409);

    const lines: Line[] = (await statementOf(app, agency, a)).json();
    expect(lines.filter((l) => l.TrsAccount === 'Water').map((l) => [l.TransactionDetails, l.Debit])).toEqual(
      [['Water: 12 units × Ksh 150.00 (1,234 → 1,246)', 1800]],
    );
    expect(((await statementOf(app, agency, b)).json() as Line[]).some((l) => l.TrsAccount === 'Water')).toBe(
      false,
    );
    expect(await tenancyOf(app, agency, a)).toMatchObject({ RentBalance: 11800, MonthLapse: 1 });
    expect((await api.tenancy(agency, a)).json().Kinds).toEqual(
      expect.arrayContaining([{ Kind: 'water', Name: 'Water', Balance: 1800 }]),
    );
    expect((await sheet('2026-11')).Houses[0]).toMatchObject({ Charged: true });

    // A payment pays the oldest charges first, water among them.
    expect((await pay(app, agency, a, '11,800', 'water-pay-1')).statusCode).toBe(200);
    expect(await tenancyOf(app, agency, a)).toMatchObject({ RentBalance: 0 });
  });

  it("a reversed water charge's house takes a corrected reading and is charged again, once", async () => {
    const { agency, propId, houseIds, a, sheet } = await setting();
    expect((await api.waterTariff(agency, { PropId: propId, UnitPrice: '150' })).statusCode).toBe(200);
    const reading = (value: number) =>
      api.saveReadings(agency, { PropId: propId, Month: '2026-11', Readings: [{ HouseId: houseIds[0], Reading: value, StartReading: 1234 }] });
    expect((await reading(1246)).statusCode).toBe(200);
    expect((await api.confirmWater(agency, { PropId: propId, Month: '2026-11' })).json()).toMatchObject({ charged: 1, amount: 1800 });
    const water = async () => ((await statementOf(app, agency, a)).json() as Line[]).filter((l) => l.TrsAccount === 'Water');
    const charge = (await water())[0]!;
    // The reading was mistyped: the charge is reversed, the reading corrected and the month's water charged again.
    expect((await reverse(app, agency, charge.TransactionId, 'Reading mistyped')).statusCode).toBe(200);
    expect((await sheet('2026-11')).Houses[0]).toMatchObject({ Charged: false });
    expect((await reading(1240)).statusCode).toBe(200);
    const again = await api.confirmWater(agency, { PropId: propId, Month: '2026-11' });
    expect([again.statusCode, again.json()]).toEqual([200, expect.objectContaining({ charged: 1, amount: 900 })]);
    expect((await water()).map((l) => [l.Debit, l.Credit])).toEqual([
      [1800, 0],
      [0, 1800],
      [900, 0],
    ]);
    expect((await sheet('2026-11')).Houses[0]).toMatchObject({ Charged: true, Units: 6 });
    // Charged again, the month is closed again: once per reversed charge.
    expect((await api.confirmWater(agency, { PropId: propId, Month: '2026-11' })).statusCode).toBe(409);
    expect((await reading(1250)).statusCode).toBe(409);
    expect(await tenancyOf(app, agency, a)).toMatchObject({ RentBalance: 10900 });
  });

  it('refuses a reading below the previous one unless the meter was replaced, and a first reading without its start', async () => {
    const { agency, propId, houseIds, a, sheet } = await setting();
    await api.waterTariff(agency, { PropId: propId, UnitPrice: '150', MinimumCharge: '200' });
    await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-11',
      Readings: [{ HouseId: houseIds[0], Reading: 1246, StartReading: 1234 }],
    });
    await api.confirmWater(agency, { PropId: propId, Month: '2026-11' });

    expect((await sheet('2026-12')).Houses[0]).toMatchObject({ Previous: 1246, Reading: null });
    const below = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-12',
      Readings: [{ HouseId: houseIds[0], Reading: 1240 }],
    });
    const house = (await sheet('2026-12')).Houses[0]!.House_number;
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(
      `House ${house}: the reading is below the previous one (1,246). Mark it as a meter replacement with the new meter's start reading.`,
    );
    const noStart = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-12',
      Readings: [{ HouseId: houseIds[0], Reading: 12, Replaced: true }],
    });
    expect([noStart.statusCode, noStart.json().message]).toEqual([
      400,
      `House ${house}: a replaced meter needs its start reading.`,
    ]);
    const first = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-12',
      Readings: [{ HouseId: houseIds[1], Reading: 12 }],
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().errors).toEqual([
      { path: 'Readings.0.StartReading', message: expect.stringContaining('has no earlier reading') },
    ]);
    const bad = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-12',
      Readings: [{ HouseId: houseIds[0], Reading: -3 }],
    });
    expect(bad.statusCode).toBe(400);
    // All or none: the good row of a refused batch is not saved either.
    const mixed = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-12',
      Readings: [
        { HouseId: houseIds[1], Reading: 40, StartReading: 30 },
        { HouseId: houseIds[0], Reading: 1240 },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect((await sheet('2026-12')).Houses.every((h) => h.Reading === null)).toBe(true);

    const replaced = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-12',
      Readings: [{ HouseId: houseIds[0], Reading: 1, Replaced: true, StartReading: 0 }],
    });
    expect(replaced.statusCode).toBe(200);
    clock.set(new Date('2027-01-02T09:00:00Z'));
    const signed = await signInAgain(app, agency);
    expect((await api.confirmWater(signed, { PropId: propId, Month: '2026-12' })).json()).toMatchObject({
      charged: 1,
      amount: 200,
    });
    const lines: Line[] = (await statementOf(app, signed, a)).json();
    expect(lines.filter((l) => l.TrsAccount === 'Water').map((l) => [l.TransactionDetails, l.Debit])).toEqual(
      [
        ['Water: 12 units × Ksh 150.00 (1,234 → 1,246)', 1800],
        ['Water: 1 unit × Ksh 150.00 (0 → 1)', 200],
      ],
    );
  });

  it('answers and refuses a Kiswahili reader in Kiswahili, with the counts, houses, readings and amounts', async () => {
    const { agency, propId, houseIds, sheet } = await setting();
    const swahili = { ...agency, auth: { ...agency.auth, 'accept-language': 'sw-KE' } } as Agency;
    await api.waterTariff(agency, { PropId: propId, UnitPrice: '150', MinimumCharge: '200' });
    const saved = await api.saveReadings(swahili, {
      PropId: propId,
      Month: '2026-11',
      Readings: [{ HouseId: houseIds[0], Reading: '1,246', StartReading: 1234 }],
    });
    expect([saved.statusCode, saved.json().message]).toEqual([200, 'Usomaji wa mita 1 umehifadhiwa']);
    const confirmed = await api.confirmWater(swahili, { PropId: propId, Month: '2026-11' });
    expect(confirmed.json().message).toBe('Maji yametozwa kwa mpangaji 1: Ksh 1,800.00');

    const below = await api.saveReadings(swahili, {
      PropId: propId,
      Month: '2026-12',
      Readings: [{ HouseId: houseIds[0], Reading: 1240 }],
    });
    const house = (await sheet('2026-12')).Houses[0]!.House_number;
    expect([below.statusCode, below.json().code, below.json().message]).toEqual([
      400,
      'INVALID',
      `Nyumba ${house}: usomaji uko chini ya ule uliopita (1,246). Uweke kama mita iliyobadilishwa, pamoja na usomaji wa kuanzia wa mita mpya.`,
    ]);
    const first = await api.saveReadings(swahili, {
      PropId: propId,
      Month: '2026-12',
      Readings: [{ HouseId: houseIds[1], Reading: 12 }],
    });
    const second = (await sheet('2026-12')).Houses[1]!.House_number;
    expect(first.json().errors).toEqual([
      { path: 'Readings.0.StartReading', message: `Nyumba ${second}: mita hii haina usomaji wa awali. Weka usomaji wake wa kuanzia.` },
    ]);
  });

  it('asks to confirm a consumption over three times the house’s average', async () => {
    const { agency, propId, houseIds, sheet } = await setting();
    await api.waterTariff(agency, { PropId: propId, UnitPrice: '100', StandingCharge: '50' });
    await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-09',
      Readings: [{ HouseId: houseIds[0], Reading: 110, StartReading: 100 }],
    });
    await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-10',
      Readings: [{ HouseId: houseIds[0], Reading: 120 }],
    });
    expect((await sheet('2026-11')).Houses[0]).toMatchObject({ Previous: 120 });
    const high = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-11',
      Readings: [{ HouseId: houseIds[0], Reading: 151 }],
    });
    expect(high.statusCode).toBe(400);
    expect(high.json().errors).toEqual([
      {
        path: 'Readings.0.Confirmed',
        message: expect.stringContaining('31 units is over three times its average (10)'),
      },
    ]);
    expect(
      (
        await api.saveReadings(agency, {
          PropId: propId,
          Month: '2026-11',
          Readings: [{ HouseId: houseIds[0], Reading: 150 }],
        })
      ).statusCode,
    ).toBe(200);
    const confirmed = await api.saveReadings(agency, {
      PropId: propId,
      Month: '2026-11',
      Readings: [{ HouseId: houseIds[0], Reading: 151, Confirmed: true }],
    });
    expect(confirmed.statusCode).toBe(200);
    // 31 units × 100 + a standing charge of 50.
    expect((await sheet('2026-11')).Houses[0]).toMatchObject({ Units: 31, Amount: 3150 });
  });

  it('keeps the tariff and confirming to admins, the property to its agency, and needs a tariff and a reading', async () => {
    const { agency, propId, houseIds } = await setting();
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    const employee: Agency = { ...worker, agentId: agency.agentId };
    const noTariff = await api.confirmWater(agency, { PropId: propId, Month: '2026-11' });
    expect([noTariff.statusCode, noTariff.json().message]).toEqual([
      400,
      'Set the water tariff of this property first',
    ]);
    expect((await api.waterTariff(employee, { PropId: propId, UnitPrice: '150' })).statusCode).toBe(403);
    expect((await api.waterTariff(agency, { PropId: propId, UnitPrice: '0' })).statusCode).toBe(400);
    expect((await api.waterTariff(agency, { PropId: propId, UnitPrice: '150' })).statusCode).toBe(200);
    const nothing = await api.confirmWater(agency, { PropId: propId, Month: '2026-11' });
    expect([nothing.statusCode, nothing.json().message]).toEqual([
      400,
      'No reading to confirm for this month.',
    ]);
    // A clerk types the readings; only an admin confirms them.
    expect(
      (
        await api.saveReadings(employee, {
          PropId: propId,
          Month: '2026-11',
          Readings: [{ HouseId: houseIds[0], Reading: 5, StartReading: 0 }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await api.confirmWater(employee, { PropId: propId, Month: '2026-11' })).statusCode).toBe(403);

    const stranger = await agencyWithOwner(app);
    expect((await api.water(stranger, propId, '2026-11')).statusCode).toBe(404);
    expect(
      (
        await api.saveReadings(stranger, {
          PropId: propId,
          Month: '2026-11',
          Readings: [{ HouseId: houseIds[0], Reading: 9 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await api.confirmWater(stranger, { PropId: propId, Month: '2026-11' })).statusCode).toBe(404);
    expect((await api.water(agency, propId, '2026-13')).statusCode).toBe(400);
  });
});
