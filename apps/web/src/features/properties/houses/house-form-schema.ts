import {
  EditHouseRequest,
  formatMoneyInput,
  HOUSE_OCCUPIED,
  stripMoneyInput,
  type House,
} from '@makazi/domain';
import type { z } from 'zod';

const fields = EditHouseRequest.shape;
const base = EditHouseRequest.pick({ House_number: true, Description: true, Rent: true });

/** Deposit and readiness are asked, and required, only while the house is not occupied. */
export const OccupiedHouseForm = base;
export const VacantHouseForm = base.extend({
  Deposit: fields.Deposit.unwrap(),
  readiness: fields.readiness.unwrap(),
});

/**
 * The domain's readiness message. The form resolver reports a union's first
 * branch ('expected 0') instead of the union's own message, so the form shows this.
 */
export const READINESS_REQUIRED =
  VacantHouseForm.shape.readiness.safeParse(undefined).error?.issues[0]?.message ?? 'Required';

export type HouseFormValues = {
  House_number: string;
  Description: string;
  /** As typed, formatted ('15,000.00'). */
  Rent: string;
  Deposit: string;
  readiness: z.input<typeof VacantHouseForm>['readiness'] | undefined;
};

export const isOccupied = (house: Pick<House, 'Occupied'> | null) => house?.Occupied === HOUSE_OCCUPIED.YES;

export function houseFormDefaults(house: House | null): HouseFormValues {
  if (!house) return { House_number: '', Description: '', Rent: '', Deposit: '', readiness: undefined };
  return {
    House_number: house.House_number,
    Description: house.Description,
    Rent: formatMoneyInput(house.Rent.toFixed(2)),
    Deposit: formatMoneyInput(house.Deposit.toFixed(2)),
    readiness: house.readiness === 0 || house.readiness === 2 ? house.readiness : undefined,
  };
}

/** The fields the API takes; amounts as digits and a point (docs/validation.md#money-input). */
export function houseFields(values: HouseFormValues, occupied: boolean) {
  const common = {
    House_number: values.House_number.trim(),
    Description: values.Description.trim(),
    Rent: stripMoneyInput(values.Rent),
  };
  return occupied
    ? common
    : { ...common, Deposit: stripMoneyInput(values.Deposit), readiness: values.readiness };
}
