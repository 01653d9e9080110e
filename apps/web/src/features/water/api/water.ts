import {
  API,
  ConfirmReadingsResponse,
  MessageOnly,
  SaveReadingsResponse,
  WaterReadings,
} from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';

export const waterQuery = (managingAgentId: number, propId: number, month: string) =>
  queryOptions({
    queryKey: ['water', managingAgentId, propId, month] as const,
    queryFn: async ({ signal }) =>
      parsed(
        WaterReadings,
        await apiFetch<unknown>(API.charges.water, { query: { managingAgentId, propId, month }, signal }),
      ),
  });

export type ReadingRow = {
  HouseId: number;
  Reading: string;
  Replaced: boolean;
  StartReading: string | null;
  Confirmed: boolean;
};

export async function saveTariff(body: {
  managingAgentId: number;
  PropId: number;
  UnitPrice: string;
  StandingCharge: string;
  MinimumCharge: string;
  PassThrough: boolean;
}) {
  return parsed(MessageOnly, await apiFetch<unknown>(API.charges.waterTariff, { method: 'POST', body }));
}

export async function saveReadings(body: {
  managingAgentId: number;
  PropId: number;
  Month: string;
  Readings: ReadingRow[];
}) {
  return parsed(
    SaveReadingsResponse,
    await apiFetch<unknown>(API.charges.waterReadings, { method: 'POST', body }),
  );
}

export async function confirmReadings(body: { managingAgentId: number; PropId: number; Month: string }) {
  return parsed(
    ConfirmReadingsResponse,
    await apiFetch<unknown>(API.charges.waterConfirm, { method: 'POST', body }),
  );
}
