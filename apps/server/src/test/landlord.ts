import { accountingDate } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/database';
import type { Agency } from './estate';

/**
 * A management agreement as the form sends it, from today; 10% commission, bank
 * payouts on the 5th unless told. Withholding tax, it records KRA's appointment
 * of the agency unless told otherwise (decision 055).
 */
export function setAgreement(
  app: FastifyInstance,
  agency: Agency,
  propId: number,
  fields: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/landlord-money/agreement',
    headers: agency.auth,
    payload: {
      managingAgentId: agency.agentId,
      PropId: propId,
      EffectiveFrom: accountingDate(app.clock.now()),
      CommissionPercent: '10.00',
      WithholdTax: false,
      PayoutMethod: 'bank',
      PayoutBank: 'KCB',
      PayoutAccount: '1234567890',
      RemittanceDay: 5,
      ...(fields.WithholdTax === true ? { KraAppointedOn: '2026-01-05', KraAppointmentRef: 'KRA/WHT/2026/001' } : {}),
      ...fields,
    },
  });
}

export async function landlordBalances(app: FastifyInstance, agency: Agency) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/landlord-money/balances?managingAgentId=${agency.agentId}`,
    headers: agency.auth,
  });
  if (res.statusCode !== 200) throw new Error(`balances: ${res.statusCode} ${res.body}`);
  return res.json() as {
    LandlordNo: number;
    Collected: number;
    Commission: number;
    TaxWithheld: number;
    PassedOn: number;
    Expenses: number;
    Payouts: number;
    TaxPaid: number;
    Balance: number;
  }[];
}

export async function trustOf(app: FastifyInstance, agency: Agency) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/landlord-money/trust?managingAgentId=${agency.agentId}`,
    headers: agency.auth,
  });
  if (res.statusCode !== 200) throw new Error(`trust: ${res.statusCode} ${res.body}`);
  return res.json() as Record<
    | 'Received'
    | 'PaidOut'
    | 'Held'
    | 'OwedToLandlords'
    | 'DepositsHeld'
    | 'TenantCredits'
    | 'PassThroughPayable'
    | 'TaxPayable'
    | 'CommissionNotTaken'
    | 'Difference',
    number
  >;
}

export function payout(
  app: FastifyInstance,
  agency: Agency,
  landlordNo: number,
  amount: unknown,
  key: string,
  fields: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/landlord-money/payout',
    headers: agency.auth,
    payload: {
      managingAgentId: agency.agentId,
      LandlordNo: landlordNo,
      Amount: amount,
      PayoutDate: accountingDate(app.clock.now()),
      Method: 'bank',
      Reference: 'EFT 1',
      idempotencyKey: key,
      ...fields,
    },
  });
}

export function expense(
  app: FastifyInstance,
  agency: Agency,
  propId: number,
  amount: unknown,
  fields: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/landlord-money/expense',
    headers: agency.auth,
    payload: {
      managingAgentId: agency.agentId,
      PropId: propId,
      ExpenseDate: accountingDate(app.clock.now()),
      Category: 'repairs',
      Payee: 'Juma Plumbers',
      Amount: amount,
      Reference: 'INV-77',
      ...fields,
    },
  });
}

export function remittanceRun(
  app: FastifyInstance,
  agency: Agency,
  key: string,
  payouts: { LandlordNo: number; Amount: unknown; Reference?: string }[],
) {
  return app.inject({
    method: 'POST',
    url: '/api/landlord-money/remittance',
    headers: agency.auth,
    payload: {
      managingAgentId: agency.agentId,
      PayoutDate: accountingDate(app.clock.now()),
      idempotencyKey: key,
      Payouts: payouts,
    },
  });
}

/** The agency invites its landlord client; answers the token the email carries, read from the outbox as the landlord reads their mail. */
export async function inviteLandlord(app: FastifyInstance, agency: Agency, landlordNo: number, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/landlord-money/landlord-invite',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, LandlordNo: landlordNo, Email: email },
  });
  if (res.statusCode !== 200) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  const mail = rowsOf<{ body: string }>(
    await app.database.db.execute(sql`SELECT body FROM mail_outbox WHERE recipient = ${email.toLowerCase()} ORDER BY id DESC LIMIT 1`),
  )[0];
  const token = mail?.body.match(/\/landlord-invite\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no invitation was mailed to ${email}`);
  return { linkId: res.json().LinkId as number, token };
}

/** Invites and accepts: the landlord's user linked to the agency's client record; answers the link. */
export async function linkedLandlord(app: FastifyInstance, agency: Agency, landlordNo: number, landlord: { auth: { authorization: string }; person: { Email: string } }) {
  const { token } = await inviteLandlord(app, agency, landlordNo, landlord.person.Email);
  const res = await app.inject({ method: 'POST', url: '/api/landlord-view/accept', headers: landlord.auth, payload: { token } });
  if (res.statusCode !== 200) throw new Error(`accept: ${res.statusCode} ${res.body}`);
  return res.json().LinkId as number;
}

/** Pass-through money paid onward to its third party, as the form sends it: dated today, by M-Pesa unless told. */
export function payOnward(
  app: FastifyInstance,
  agency: Agency,
  propId: number,
  charge: string,
  amount: unknown,
  key: string,
  fields: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/landlord-money/pass-through/payment',
    headers: agency.auth,
    payload: {
      managingAgentId: agency.agentId,
      PropId: propId,
      Charge: charge,
      Payee: 'Kileleshwa Waste Ltd',
      PaidOn: accountingDate(app.clock.now()),
      Amount: amount,
      Method: 'mpesa',
      Reference: 'QWE123RTY',
      idempotencyKey: key,
      ...fields,
    },
  });
}

export function reverseOnward(app: FastifyInstance, agency: Agency, paymentId: number, reason = 'Paid to the wrong company') {
  return app.inject({
    method: 'POST',
    url: '/api/landlord-money/pass-through/payment/reverse',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, PaymentId: paymentId, reason },
  });
}

/** What each property owes onward on each pass-through charge. */
export async function owedOnward(app: FastifyInstance, agency: Agency) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/landlord-money/pass-through?managingAgentId=${agency.agentId}`,
    headers: agency.auth,
  });
  if (res.statusCode !== 200) throw new Error(`owed onward: ${res.statusCode} ${res.body}`);
  return res.json() as { PropId: number; Charge: string; Charge_name: string | null; Collected: number; PaidOnward: number; Owed: number }[];
}
