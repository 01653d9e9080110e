import type { FastifyInstance } from 'fastify';
import { signedInUser } from './accounts';
import { createAgent } from './agents';

export type Agency = Awaited<ReturnType<typeof signedInUser>> & { agentId: number };

/** A signed-in owner with an agency (or landlord) account. */
export async function agencyWithOwner(app: FastifyInstance, account?: Record<string, unknown>): Promise<Agency> {
  const owner = await signedInUser(app);
  return { ...owner, agentId: await createAgent(app, owner.auth, account) };
}

let seq = 0;

/** A property of the agency with `count` vacant houses, and a tenant client registered by it. */
export async function estate(
  app: FastifyInstance,
  agency: Agency,
  { houses = 2, rent = '10,000', deposit = '20,000', name = '' } = {},
) {
  seq += 1;
  const inject = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: agency.auth, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const tenant = async (name = `Tenant${seq}`) =>
    (
      await inject('POST', '/api/client/register', {
        First_name: name,
        Last_name: 'Mutua',
        Email: `${name.toLowerCase()}.${seq}@example.com`,
        PhoneNo: '0711222333',
        Id_number: '23456789',
        CapturingAgentId: agency.agentId,
      })
    ).clientNo as number;
  // The landlord is a client the agency registers, as it would any person it works with.
  const landlordNo = await tenant(`Landlord${seq}`);
  const { PropId } = await inject('POST', '/api/properties/registerProperty', {
    Property_name: name || `Baraka Court ${seq}`,
    Rental_units: houses,
    County: 'Nairobi',
    Town: 'Nairobi',
    Area_Estate: 'Westlands',
    LandlordNo: landlordNo,
    managingAgentId: agency.agentId,
  });
  const houseIds: number[] = [];
  for (let i = 1; i <= houses; i++) {
    const { HouseId } = await inject('POST', '/api/house/addhouse', {
      PropId,
      House_number: `H${seq}-${i}`,
      Description: 'Two bedroom',
      Rent: rent,
      Deposit: deposit,
      readiness: 0,
    });
    houseIds.push(HouseId);
  }
  return { propId: PropId as number, houseIds, tenant, landlordNo };
}

export const bookingFields = {
  Id_number: '23456789',
  Tenant_Employer: 'Safaricom PLC',
  Tenant_Business: 'Not in business',
  Next_of_kin_name: 'Mama Mutua',
  Next_of_kin_phone: '0799888777',
};

export async function book(app: FastifyInstance, agency: Agency, houseId: number, clientNo: number, extra: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/tenancy/newtenancyinit',
    headers: agency.auth,
    payload: { ...bookingFields, HouseId: houseId, ClientNo: clientNo, ...extra },
  });
}

export async function bookOk(app: FastifyInstance, agency: Agency, houseId: number, clientNo: number) {
  const res = await book(app, agency, houseId, clientNo);
  if (res.statusCode !== 201) throw new Error(`book: ${res.statusCode} ${res.body}`);
  return res.json().TenancyId as number;
}

export async function statementOf(app: FastifyInstance, agency: Agency, tenancyId: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/financialstatements/gettenantstatement?tenancyId=${tenancyId}&managingAgentId=${agency.agentId}`,
    headers: agency.auth,
  });
  return res;
}

export async function tenancyOf(app: FastifyInstance, agency: Agency, tenancyId: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/tenancy/gettenancybyid?tenancyId=${tenancyId}&managingAgentId=${agency.agentId}`,
    headers: agency.auth,
  });
  return res.json();
}

export function pay(app: FastifyInstance, agency: Agency, tenancyId: number, amount: unknown, key: string, ledgerName = 'Rent', extra: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/pmMoneyTransactions/rentreciept',
    headers: agency.auth,
    payload: { tenancyID: tenancyId, paymentdetails: 'Cash at office', RecievedAmount: amount, managingAgentId: agency.agentId, ledgerName, idempotencyKey: key, ...extra },
  });
}

export function runInvoices(app: FastifyInstance, agency: Agency) {
  return app.inject({
    method: 'POST',
    url: '/api/tenancy/runmonthlytenancyinvoicesbyagentid',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, updatedBy: agency.userNo, currentDate: new Date().toISOString() },
  });
}

export function reverse(app: FastifyInstance, agency: Agency, transactionId: number, reason: unknown = 'Typed the wrong amount') {
  return app.inject({
    method: 'POST',
    url: '/api/pmMoneyTransactions/reverse',
    headers: agency.auth,
    payload: { TransactionId: transactionId, reason, managingAgentId: agency.agentId },
  });
}

export function terminate(app: FastifyInstance, agency: Agency, tenancyId: number, settlement: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/tenancy/terminatetenancy',
    headers: agency.auth,
    payload: { tenancyId, managingAgentId: agency.agentId, ...settlement },
  });
}

export function settle(app: FastifyInstance, agency: Agency, tenancyId: number, settlement: object) {
  return app.inject({
    method: 'POST',
    url: '/api/tenancy/settletenancy',
    headers: agency.auth,
    payload: { tenancyId, managingAgentId: agency.agentId, ...settlement },
  });
}

export async function tenancyList(app: FastifyInstance, agency: Agency, listType: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${agency.agentId}&listType=${listType}&pageSize=500`,
    headers: agency.auth,
  });
  return res.json() as { TenancyId: number; RentBalance: number; DepositHeld: number }[];
}

export async function tenancyCounts(app: FastifyInstance, agency: Agency) {
  const res = await app.inject({ method: 'GET', url: `/api/tenancy/counts?managingAgentId=${agency.agentId}`, headers: agency.auth });
  return res.json() as { all: number; withBalances: number; endedWithBalances: number };
}

export function invoicingDetails(app: FastifyInstance, agency: Agency) {
  return app.inject({ method: 'GET', url: `/api/tenancy/getlatestinvoicingdetailsbyagentno?managingAgentId=${agency.agentId}`, headers: agency.auth });
}
