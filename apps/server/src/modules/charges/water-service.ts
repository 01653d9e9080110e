import {
  CHARGE_MESSAGES,
  OPENING_MESSAGES,
  WATER_MESSAGES,
  centsToAmount,
  formatKsh,
  needsConfirmation,
  waterAmount,
  waterDetails,
  type Tariff,
  type WaterReadings,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import { goLiveMonth } from '../invoicing/repository';
import { applyCreditAndCollect } from './credit';
import * as repo from './water-repository';

type ReadingInput = {
  HouseId: number;
  Reading: number;
  Replaced: boolean;
  StartReading?: number | null | undefined;
  Confirmed: boolean;
};

const tariffOf = (t: repo.TariffRow): Tariff => ({
  unitCents: t.unitCents,
  standingCents: t.standingCents,
  minimumCents: t.minimumCents,
});

/** Metered water: a tariff per property, readings per house and month, a month confirmed and charged once (docs/decisions/020-metered-water.md). */
export function waterService({ db, clock }: { db: Db; clock: Clock }) {
  const requireProperty = async (
    tx: Parameters<typeof repo.lockProperty>[0],
    agentId: number,
    propId: number,
  ) => {
    if (!(await repo.lockProperty(tx, agentId, propId))) throw new NotFound(CHARGE_MESSAGES.propertyNotFound);
  };

  return {
    async setTariff(
      agentId: number,
      by: number,
      input: {
        PropId: number;
        UnitPrice: number;
        StandingCharge: number;
        MinimumCharge: number;
        PassThrough: boolean;
      },
    ) {
      return db.transaction(async (tx) => {
        await requireProperty(tx, agentId, input.PropId);
        await repo.saveTariff(tx, {
          propId: input.PropId,
          agentId,
          unitCents: input.UnitPrice,
          standingCents: input.StandingCharge,
          minimumCents: input.MinimumCharge,
          passThrough: input.PassThrough,
          at: clock.now(),
          by,
        });
        return { message: WATER_MESSAGES.tariffSaved };
      });
    },

    /** The month's sheet: every house with its previous reading and the month's, and the let houses still without one. */
    async month(agentId: number, propId: number, month: string): Promise<WaterReadings> {
      return db.transaction(async (tx) => {
        await requireProperty(tx, agentId, propId);
        const tariff = await repo.tariffOf(tx, propId);
        const houses = await repo.housesForMonth(tx, propId, month);
        return {
          Month: month,
          Tariff: tariff
            ? {
                UnitPrice: centsToAmount(tariff.unitCents),
                StandingCharge: centsToAmount(tariff.standingCents),
                MinimumCharge: centsToAmount(tariff.minimumCents),
                PassThrough: tariff.passThrough,
              }
            : null,
          Confirmed: await repo.monthConfirmed(tx, propId, month),
          Houses: houses.map((h) => ({
            HouseId: h.houseId,
            House_number: h.houseNumber,
            TenancyId: h.tenancyId,
            Tenant_name: h.tenantName,
            Previous: h.previous,
            Average: h.average,
            Reading: h.reading,
            StartReading: h.startReading,
            Replaced: h.replaced,
            Units: h.units,
            Amount:
              h.units === null || !tariff ? null : centsToAmount(waterAmount(h.units, tariffOf(tariff))),
            Charged: h.charged,
          })),
          Missing: houses.filter((h) => h.tenancyId !== null && h.reading === null).map((h) => h.houseNumber),
        };
      });
    },

    /**
     * Saves the typed readings, all or none. Consumption is the difference
     * from the previous reading, or from a new meter's start reading; a
     * reading below the previous one and a consumption over three times the
     * house's average not confirmed are refused, each named by its row.
     */
    async save(
      agentId: number,
      by: number,
      input: { PropId: number; Month: string; Readings: ReadingInput[] },
    ) {
      return db.transaction(async (tx) => {
        await requireProperty(tx, agentId, input.PropId);
        const confirmed = await repo.monthConfirmed(tx, input.PropId, input.Month);
        const houses = new Map(
          (await repo.housesForMonth(tx, input.PropId, input.Month)).map((h) => [h.houseId, h]),
        );
        // A confirmed month is closed, but for a house whose water charge was reversed: its reading may be corrected.
        if (confirmed && input.Readings.some((r) => houses.get(r.HouseId)?.reversedTxnId == null))
          throw new Conflict(WATER_MESSAGES.alreadyConfirmed);
        const errors: { path: string; message: string }[] = [];
        const rows = input.Readings.flatMap((r, i) => {
          const house = houses.get(r.HouseId);
          const refuse = (field: string, message: string) => (
            errors.push({ path: `Readings.${i}.${field}`, message }),
            []
          );
          if (!house) return refuse('HouseId', WATER_MESSAGES.houseNotFound);
          const start = r.StartReading ?? null;
          const name = house.houseNumber;
          let from: number;
          if (r.Replaced || house.previous === null) {
            if (start === null)
              return refuse(
                'StartReading',
                r.Replaced ? WATER_MESSAGES.startRequired(name) : WATER_MESSAGES.firstReading(name),
              );
            if (start > r.Reading) return refuse('StartReading', WATER_MESSAGES.startAboveReading(name));
            from = start;
          } else {
            if (r.Reading < house.previous)
              return refuse('Reading', WATER_MESSAGES.belowPrevious(name, house.previous));
            from = house.previous;
          }
          const units = r.Reading - from;
          if (needsConfirmation(units, house.average) && !r.Confirmed)
            return refuse('Confirmed', WATER_MESSAGES.confirmHigh(name, units, house.average!));
          return [
            {
              house,
              reading: r.Reading,
              start: r.Replaced || house.previous === null ? start : null,
              units,
              replaced: r.Replaced,
              confirmed: r.Confirmed,
            },
          ];
        });
        if (errors.length) throw new Invalid(errors[0]!.message, errors);
        const at = clock.now();
        for (const row of rows) {
          await repo.saveReading(tx, {
            houseId: row.house.houseId,
            month: input.Month,
            agentId,
            propId: input.PropId,
            reading: row.reading,
            startReading: row.start,
            previousReading: row.house.previous,
            units: row.units,
            replaced: row.replaced,
            confirmedHigh: row.confirmed && needsConfirmation(row.units, row.house.average),
            at,
            by,
          });
        }
        return { message: WATER_MESSAGES.saved(rows.length), saved: rows.length };
      });
    },

    /** Charges the month's water to each let house's tenancy, once; houses let without a reading are answered as missing. */
    async confirm(agentId: number, by: number, input: { PropId: number; Month: string }) {
      return db.transaction(async (tx) => {
        await requireProperty(tx, agentId, input.PropId);
        const tariff = await repo.tariffOf(tx, input.PropId);
        if (!tariff) throw new Invalid(WATER_MESSAGES.noTariff);
        // A month before go-live is never charged (decision 042): its last reading is where go-live's consumption starts.
        const goLive = await goLiveMonth(tx, agentId);
        if (goLive !== null && input.Month < goLive) throw new Conflict(OPENING_MESSAGES.beforeGoLive);
        const houses = await repo.housesForMonth(tx, input.PropId, input.Month);
        if (!houses.some((h) => h.reading !== null)) throw new Invalid(WATER_MESSAGES.nothingToConfirm);
        const at = clock.now();
        // Confirmed before: only houses whose charge was reversed are charged again, each once.
        const again = !(await repo.insertMonth(tx, { propId: input.PropId, month: input.Month, agentId, at, by }));
        if (again && !houses.some((h) => h.reversedTxnId !== null && h.reading !== null))
          throw new Conflict(WATER_MESSAGES.alreadyConfirmed);
        let charged = 0;
        let amount = 0;
        const tenancies: number[] = [];
        for (const h of houses) {
          if (h.tenancyId === null || h.units === null || h.reading === null) continue;
          if (h.charged || (again && h.reversedTxnId === null)) continue;
          const cents = waterAmount(h.units, tariffOf(tariff));
          if (cents <= 0) continue;
          const from = h.startReading ?? h.previousReading ?? h.reading - h.units;
          const posted = await repo.postWaterCharge(tx, {
            agentId,
            tenancyId: h.tenancyId,
            month: input.Month,
            amount: cents,
            details: waterDetails(h.units, tariffOf(tariff), from, h.reading),
            passThrough: tariff.passThrough,
            rechargesTxnId: h.reversedTxnId,
            at,
            by,
          });
          if (!posted) continue;
          tenancies.push(h.tenancyId);
          charged++;
          amount += cents;
        }
        await repo.recordMonth(tx, input.PropId, input.Month, charged, amount);
        await applyCreditAndCollect(tx, { agentId, tenancyIds: tenancies }, { postedAt: at, postedBy: by });
        const missing = houses
          .filter((h) => h.tenancyId !== null && h.reading === null)
          .map((h) => h.houseNumber);
        return {
          message: WATER_MESSAGES.confirmed(charged, formatKsh(amount)),
          charged,
          amount: centsToAmount(amount),
          Missing: missing,
        };
      });
    },
  };
}

export type WaterService = ReturnType<typeof waterService>;
