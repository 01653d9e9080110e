import type { FastifyInstance } from 'fastify';
import type { Agency } from './estate';

/** The charges module's calls as a clerk or admin makes them, for API tests. */
export function chargesApi(app: FastifyInstance) {
  const post = (agency: Agency, url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/charges/${url}`,
      headers: agency.auth,
      payload: { managingAgentId: agency.agentId, ...payload },
    });
  const get = (agency: Agency, url: string, query: Record<string, number | string>) =>
    app.inject({
      method: 'GET',
      url: `/api/charges/${url}?${new URLSearchParams({ managingAgentId: String(agency.agentId), ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
      headers: agency.auth,
    });
  return {
    addCharge: (
      agency: Agency,
      payload: { PropId: number; Name: string; Amount: unknown; PassThrough?: boolean; FromMonth?: string },
    ) => post(agency, 'recurring', payload),
    updateCharge: (agency: Agency, payload: object) => post(agency, 'recurring/update', payload),
    houseAmount: (agency: Agency, payload: { ChargeId: number; HouseId: number; Amount: unknown }) =>
      post(agency, 'recurring/house', payload),
    penaltyRule: (agency: Agency, payload: object) => post(agency, 'penaltyrule', payload),
    runPenalties: (agency: Agency) => post(agency, 'penalties/run', {}),
    penaltyRuns: (agency: Agency) => get(agency, 'penalties/runs', {}),
    waive: (agency: Agency, payload: object) => post(agency, 'penalties/waive', payload),
    property: (agency: Agency, propId: number) => get(agency, 'property', { propId }),
    tenancy: (agency: Agency, tenancyId: number) => get(agency, 'tenancy', { tenancyId }),
    waterTariff: (
      agency: Agency,
      payload: {
        PropId: number;
        UnitPrice: unknown;
        StandingCharge?: unknown;
        MinimumCharge?: unknown;
        PassThrough?: boolean;
      },
    ) => post(agency, 'water/tariff', payload),
    water: (agency: Agency, propId: number, month: string) => get(agency, 'water', { propId, month }),
    saveReadings: (agency: Agency, payload: { PropId: number; Month: string; Readings: object[] }) =>
      post(agency, 'water/readings', payload),
    confirmWater: (agency: Agency, payload: { PropId: number; Month: string }) =>
      post(agency, 'water/confirm', payload),
  };
}
