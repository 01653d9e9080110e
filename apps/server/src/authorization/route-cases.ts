import { accountingDate, accountingMonth } from '@makazi/domain';
import type { AccountWorld, Principal } from './world';

/** The month before this one ('2026-10' in November 2026): one that has ended, so it may be closed. */
function lastMonth(): string {
  const [y, m] = accountingMonth(new Date()).slice(0, 7).split('-').map(Number);
  return m === 1 ? `${y! - 1}-12` : `${y}-${String(m! - 1).padStart(2, '0')}`;
}

/**
 * Who may call each route, written down here on its own rather than read from
 * the code: the role lists of docs/access.md#role-lists, spelled as numbers.
 */
export const EVERY_ROLE = [5100, 5101, 5200, 5201] as const;
export const ADMINS = [5100, 5200] as const;
export const LANDLORD_SEARCHERS = [5100, 5101] as const;
/** The work on the ground a caretaker (5102) does too: water readings and repairs (decision 061). */
export const PROPERTY_WORK = [5100, 5101, 5102, 5200, 5201] as const;
/** KYC and the AML log (decision 044): an agency's administrators; a hired user only as the named reporting officer, which the matrix's is not. */
export const AGENCY_ADMINS = [5100] as const;

export interface Call {
  query?: Record<string, string | number>;
  payload?: Record<string, unknown>;
  /** false: sent without the principal's credentials. */
  withAuth?: boolean;
}

/** Whose ids a cell uses: `agent` for the account named, `records` for the ids of things in it. */
export interface Target {
  agent: AccountWorld;
  records: AccountWorld;
  me: Principal;
  /** A number no other call of the run has used: fresh house numbers, payment keys. */
  n: number;
}

export type Access =
  /**
   * Anyone may call; every principal gets one of these statuses. `places`: the
   * answer shows property names accounts chose to publish (never their people).
   */
  | { kind: 'public'; answers: number[]; places?: 'published' }
  /** Any signed-in user; `own` names the caller's own user, `other` someone else's. */
  | { kind: 'signed-in'; own: number[]; other: number[] }
  /**
   * The landlord's own view: a signed-in user reading through a link an agency
   * invited them to and they accepted. Only the link's holder gets `ok`;
   * everyone else, whatever they hold elsewhere, gets 404.
   */
  | { kind: 'linked-landlord'; ok: number[] }
  /**
   * Property-management work in one account: the caller needs a tie to the
   * account the request names, in one of `roles`. `mixed` is the answer to the
   * caller's own account named with another account's record ids: 'not-found'
   * (404) or 'nothing' (200 showing none of it). `derived`: the account is
   * found from a record id, so naming another's record is naming another's
   * account.
   */
  | {
      kind: 'account';
      roles: readonly number[];
      ok: number[];
      mixed: 'not-found' | 'nothing' | 'n/a';
      derived?: boolean;
      /** Where a role's mixed call is answered otherwise, and why, at the case. */
      mixedByRole?: Partial<Record<number, number[]>>;
      /** Where a role's own call is answered otherwise (a landlord's own account has no agreement), and why, at the case. */
      okByRole?: Partial<Record<number, number[]>>;
      /**
       * How it serves a hired user limited to another property of the account
       * (decision 061): absent → refused (403); 'not-found' → the record of a
       * property not theirs is as another account's (404); 'filtered' → `ok`,
       * showing their properties' records only.
       */
      limited?: 'not-found' | 'filtered';
    };

export interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  access: Access;
  write: boolean;
  call(t: Target): Call;
}

const agentQuery = (t: Target) => ({ managingAgentId: t.agent.agentId });
/** The 1st of a month of its own for call `n`, years ahead of any charge. */
const reviewDate = (n: number) => `${2031 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01`;
/** A Daraja confirmation body; the matrix sends it to a token no agency holds. */
const mpesaCallback = (t: Target) => ({
  TransactionType: 'Pay Bill',
  TransID: `MTX${String(t.n).padStart(7, '0')}`,
  TransTime: '20250105093000',
  TransAmount: '10.00',
  BusinessShortCode: '600984',
  BillRefNumber: String(t.records.tenancyId),
  MSISDN: '2547 ***** 126',
});
/** A one-payment paybill statement, as the browser sends it (rows of cells). */
const mpesaStatement = (t: Target) => [
  ['Receipt No.', 'Completion Time', 'Transaction Status', 'Paid In', 'A/C No.'],
  [`MST${String(t.n).padStart(7, '0')}`, '2025-01-05 09:30:00', 'Completed', '10.00', 'nobody'],
];
/** The account's landlord link; a landlord's own account has none, so an id no link has. */
const linkOf = (t: Target) => t.records.landlordLinkId || 9_000_000_000;
/** The caller's own user number, or for "other" (and for the anonymous visitor) the other account owner's. */
const userNoOf = (t: Target) =>
  t.me.auth && (t.records === t.me.home || !t.me.home) ? t.me.userNo : t.records.owner.userNo;

/**
 * Every route of the app, in the order the matrix calls them: reads, then
 * writes, with those that end something last.
 */
export const ROUTE_CASES: RouteCase[] = [
  // Public: the same answer for everyone, whatever they hold.
  {
    method: 'GET',
    url: '/api/health',
    write: false,
    access: { kind: 'public', answers: [200] },
    call: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/openapi.json',
    write: false,
    access: { kind: 'public', answers: [200] },
    call: () => ({}),
  },
  {
    method: 'POST',
    url: '/api/userauth/login',
    write: true,
    access: { kind: 'public', answers: [401] },
    call: (t) => ({
      payload: { Email: `nobody.${t.n}@example.com`, Password: 'not-the-password' },
      withAuth: false,
    }),
  },
  {
    method: 'PATCH',
    url: '/api/userauth/endPreviousSession',
    write: true,
    access: { kind: 'public', answers: [401] },
    call: () => ({ payload: { SessionId: 'not-a-ticket' } }),
  },
  {
    method: 'GET',
    url: '/api/userauth/refreshAccessToken',
    write: true,
    access: { kind: 'public', answers: [401] },
    call: () => ({}),
  },
  {
    method: 'POST',
    url: '/api/userauth/signup',
    write: true,
    access: { kind: 'public', answers: [400] },
    call: (t) => ({
      payload: {
        First_name: 'No',
        Last_name: 'Token',
        Email: `no.token.${t.n}@example.com`,
        PhoneNo: '0712345678',
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/client/checkEmailNotTaken',
    write: false,
    access: { kind: 'public', answers: [200] },
    call: (t) => ({ payload: { email: `free.${t.n}@example.com` } }),
  },
  {
    method: 'POST',
    url: '/api/client/getOtp',
    write: true,
    access: { kind: 'public', answers: [200] },
    call: (t) => ({ payload: { Email: `code.${t.n}@example.com`, FullName: 'Code Asker' } }),
  },
  {
    method: 'POST',
    url: '/api/client/verifyOtp',
    write: true,
    access: { kind: 'public', answers: [400] },
    call: (t) => ({ payload: { Email: `never.asked.${t.n}@example.com`, otp: '000000' } }),
  },
  {
    method: 'POST',
    url: '/api/userauth/logout',
    write: true,
    access: { kind: 'public', answers: [200] },
    // Without credentials: logging out is harmless to anyone else, and the principal keeps working.
    call: () => ({ payload: {}, withAuth: false }),
  },

  {
    method: 'GET',
    url: '/api/findhouse/vacanthouses',
    write: false,
    // Public, and it never shows the people of any account: the leak check holds it to that.
    access: { kind: 'public', answers: [200], places: 'published' },
    call: () => ({ query: { page: 1 } }),
  },

  // Signed-in users, about themselves.
  {
    method: 'POST',
    url: '/api/userauth/authenticateuser',
    write: false,
    access: { kind: 'signed-in', own: [200], other: [200] },
    call: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/usermanagement/getusersgeneralinformation',
    write: false,
    access: { kind: 'signed-in', own: [200], other: [404] },
    call: (t) => ({ query: { userNo: userNoOf(t) } }),
  },
  {
    method: 'GET',
    url: '/api/usermanagement/getagentsmanagedbyuser',
    write: false,
    access: { kind: 'signed-in', own: [200], other: [404] },
    call: (t) => ({ query: { UserNo: userNoOf(t) } }),
  },
  {
    method: 'GET',
    url: '/api/properties/getAllProperties',
    write: false,
    access: { kind: 'signed-in', own: [200], other: [200] },
    call: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/house/getallhouses',
    write: false,
    access: { kind: 'signed-in', own: [200], other: [200] },
    call: () => ({}),
  },

  // One account's work: reads.
  {
    method: 'GET',
    url: '/api/agent/getagentbyagentid',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { agentId: t.agent.agentId } }),
  },
  {
    method: 'GET',
    url: '/api/client/getClientByClientNo',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'nothing' },
    call: (t) => ({ query: { clientNo: t.records.tenantClientNo, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/client/count',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  ...['/api/client/getclientbyProvideddetails', '/api/client/getClientByProvidedDetails1'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      write: false,
      access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'nothing' },
      call: (t) => ({
        query: { searchOption: 'ClientNo', searchValue: t.records.tenantClientNo, ...agentQuery(t) },
      }),
    }),
  ),
  {
    method: 'GET',
    url: '/api/landlords/getlandlordbyprovided_details',
    write: false,
    access: { kind: 'account', roles: LANDLORD_SEARCHERS, ok: [200], mixed: 'nothing' },
    call: (t) => ({
      query: { searchOption: 'ClientNo', searchValue: t.records.landlordNo, ...agentQuery(t) },
    }),
  },
  {
    method: 'GET',
    url: '/api/properties/getAllPropertiesByAgentId',
    write: false,
    access: { kind: 'account', roles: PROPERTY_WORK, ok: [200], mixed: 'n/a', limited: 'filtered' },
    call: (t) => ({ query: { agentId: t.agent.agentId } }),
  },
  {
    method: 'GET',
    url: '/api/house/gethousesbyPropId',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found', derived: true, limited: 'not-found' },
    call: (t) => ({ query: { PropId: t.records.propId } }),
  },
  {
    method: 'GET',
    url: '/api/tenancy/getactivetenanciesbymanagingid',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'nothing' },
    call: (t) => ({ query: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/tenancy/tenancies.csv',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'nothing' },
    call: (t) => ({ query: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/tenancy/getactivetenanciesbylandlordno',
    write: false,
    // Only a landlord's own account has a landlord number of its own; an agency names none.
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200, 404], mixed: 'not-found' },
    call: (t) => ({ query: { landlordNumber: t.records.owner.clientNo, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/tenancy/gettenancybyid',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/tenancy/counts',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/dashboard/money',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/tenancy/getlatestinvoicingdetailsbyagentno',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/tenancy/invoiceruns',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/charges/property',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { propId: t.records.propId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/charges/tenancy',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/tenancy/rentreviews',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/charges/water',
    write: false,
    access: { kind: 'account', roles: PROPERTY_WORK, ok: [200], mixed: 'not-found', limited: 'not-found' },
    call: (t) => ({ query: { propId: t.records.propId, month: '2026-01', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/charges/penalties/runs',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/pmMoneyTransactions/getagentledgersbyagentid',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { agentId: t.agent.agentId } }),
  },
  {
    method: 'GET',
    url: '/api/pmMoneyTransactions/receipts',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { agentId: t.agent.agentId } }),
  },
  {
    method: 'GET',
    url: '/api/pmMoneyTransactions/receipts.csv',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { agentId: t.agent.agentId } }),
  },
  ...[
    '/api/financialstatements/gettenantstatement',
    '/api/financialstatements/statement.pdf',
    '/api/financialstatements/statement.csv',
  ].map((url): RouteCase => ({
    method: 'GET',
    url,
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  })),

  {
    method: 'GET',
    url: '/api/agent/registration',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/agent/vat',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/agent/vacancylisting',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  // Hiring, the account's side: its admin only.
  {
    method: 'GET',
    url: '/api/usermanagement/getuser',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { AgentNo: t.agent.agentId, Email: `nobody.${t.n}@example.com` } }),
  },
  {
    method: 'GET',
    url: '/api/agent/getagentspendinghiringofferssent',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { AgentNo: t.agent.agentId } }),
  },
  {
    method: 'GET',
    url: '/api/agent/getagentusersbyagentadminuser',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { managingId: t.agent.agentId, userNo: t.me.userNo || t.agent.owner.userNo } }),
  },
  // Hiring, the user's side: about the caller alone.
  {
    method: 'GET',
    url: '/api/usermanagement/getuserspendinghiringoffersrecievedbyuser',
    write: false,
    access: { kind: 'signed-in', own: [200], other: [404] },
    call: (t) => ({ query: { userNo: userNoOf(t) } }),
  },

  // One account's work: writes.
  {
    method: 'POST',
    url: '/api/client/register',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [201], mixed: 'n/a' },
    call: (t) => ({
      payload: {
        First_name: 'Matrix',
        Last_name: `Client${t.n}`,
        Email: `matrix.${t.n}@example.com`,
        PhoneNo: '0711000111',
        CapturingAgentId: t.agent.agentId,
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/client/editclientdetails',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        ClientNo: t.records.landlordNo,
        Full_name: `Renamed Landlord${t.n}`,
        Email: `renamed.${t.n}@example.com`,
        PhoneNo: '0711000222',
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/properties/registerProperty',
    write: true,
    // A landlord's own account registers for its owner whatever LandlordNo says: naming
    // another's client changes nothing of theirs.
    access: {
      kind: 'account',
      roles: EVERY_ROLE,
      ok: [201],
      mixed: 'not-found',
      mixedByRole: { 5200: [201], 5201: [201] },
    },
    call: (t) => ({
      payload: {
        Property_name: `Matrix Court ${t.n}`,
        Rental_units: 1,
        County: 'Nairobi',
        Town: 'Nairobi',
        Area_Estate: 'CBD',
        LandlordNo: t.records.landlordNo,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/agreement',
    write: true,
    // A landlord's own account has no management agreement: refused with a message (400) before anything is looked up.
    access: {
      kind: 'account',
      roles: ADMINS,
      ok: [200],
      okByRole: { 5200: [400] },
      mixed: 'not-found',
      mixedByRole: { 5200: [400] },
    },
    call: (t) => ({
      payload: {
        PropId: t.records.propId,
        EffectiveFrom: '2099-01-01',
        CommissionPercent: '10.00',
        PayoutMethod: 'mpesa',
        PayoutPhone: '0712345678',
        RemittanceDay: 5,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/kra-pin',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { LandlordNo: t.records.landlordNo, KraPin: 'A123456789B', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/payout',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        LandlordNo: t.records.payeeNo,
        Amount: '0.01',
        PayoutDate: '2020-01-01',
        Method: 'cash',
        idempotencyKey: `matrix-payout-${t.n}`,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/pass-through/payment',
    write: true,
    // The world's property owes 200 onward on its garbage: each cell pays a cent of it, under a key of its own.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        PropId: t.records.propId,
        Charge: t.records.passThroughCharge,
        Payee: 'Matrix Waste Ltd',
        PaidOn: '2020-01-01',
        Amount: '0.01',
        Method: 'bank',
        idempotencyKey: `matrix-onward-${t.n}`,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/kyc/record',
    write: true,
    // Each cell saves a new version of the account's landlord's record; another account's landlord is no subject here.
    access: { kind: 'account', roles: AGENCY_ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        ClientNo: t.records.payeeNo,
        Kind: 'landlord',
        FullName: 'Matrix Landlord',
        IdKind: 'national_id',
        IdNumber: `M${t.n}`,
        KraPin: 'A123456789B',
        VerifiedOn: '2020-01-01',
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/kyc/document',
    write: true,
    // The matrix sends JSON, which is no scanned document: refused by its bytes before anything is looked up.
    access: { kind: 'account', roles: AGENCY_ADMINS, ok: [400], mixed: 'n/a' },
    call: (t) => ({ query: { ClientNo: t.records.payeeNo, ...agentQuery(t) }, payload: { file: 'not a file' } }),
  },
  {
    method: 'POST',
    url: '/api/aml/settings',
    write: true,
    access: { kind: 'account', roles: AGENCY_ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { OfficerName: `Matrix officer ${t.n}`, OfficerContact: 'officer@example.com', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/aml/thresholds',
    write: true,
    access: { kind: 'account', roles: AGENCY_ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { FromDate: reviewDate(t.n), Usd: '15,000', KshPerUsd: 129.5, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/aml/log/review',
    write: true,
    // The world's receipt is far below the threshold: nothing to mark.
    access: { kind: 'account', roles: AGENCY_ADMINS, ok: [404], mixed: 'n/a' },
    call: (t) => ({ payload: { Source: 'payout', SourceId: t.records.payoutId, Status: 'reviewed', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/aml/suspicion',
    write: true,
    access: { kind: 'account', roles: AGENCY_ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({
      payload: { SubjectName: 'Matrix subject', TransactionDetails: 'Cash', OccurredOn: '2020-01-01', Grounds: `Matrix ${t.n}`, ...agentQuery(t) },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/fee-transfer',
    write: true,
    // Each cell moves a cent of the agency's commission, under a key of its own; it names no record. A landlord's own account earns no commission (400).
    access: { kind: 'account', roles: ADMINS, ok: [200], okByRole: { 5200: [400] }, mixed: 'n/a' },
    call: (t) => ({
      payload: { TransferredOn: '2020-01-01', Amount: '0.01', Reference: 'MATRIX-EFT', idempotencyKey: `matrix-fees-${t.n}`, ...agentQuery(t) },
    }),
  },
  {
    method: 'POST',
    url: '/api/client-money/reconciliation',
    write: true,
    // Before the case that adds accounts: the world's account is the only one in use, so its balance is every balance. Each cell records one under a key of its own.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: { Day: '2020-01-01', Balances: [{ AccountId: t.records.clientAccountId, Balance: '0' }], idempotencyKey: `matrix-recon-${t.n}`, ...agentQuery(t) },
    }),
  },
  {
    method: 'POST',
    url: '/api/client-money/account',
    write: true,
    // Each cell adds an account of its own; it names no record.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { Name: `Matrix account ${t.n}`, Kind: 'paybill', Number: `5${t.n}`, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/client-money/account/update',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { AccountId: t.records.clientAccountId, Name: 'Client account', Kind: 'bank', Number: '0100200300', Active: true, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/remittance',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        PayoutDate: '2020-01-01',
        idempotencyKey: `matrix-run-${t.n}`,
        Payouts: [{ LandlordNo: t.records.payeeNo, Amount: '0.01' }],
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/expense',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        PropId: t.records.propId,
        ExpenseDate: '2020-01-01',
        Category: 'cleaning',
        Payee: 'Matrix Cleaners',
        Amount: '0.01',
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/expense/receipt',
    write: true,
    // The matrix sends JSON, which is not a scanned receipt: refused by type before anything is looked up.
    access: { kind: 'account', roles: ADMINS, ok: [400], mixed: 'n/a' },
    call: (t) => ({
      query: { ExpenseId: t.records.expenseId, ...agentQuery(t) },
      payload: { file: 'not a file' },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/owner-statement/email',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { LandlordNo: t.records.payeeNo, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/mri/payment',
    write: true,
    // The first payment for the month clears it, later ones find it paid (409); a landlord's own account withheld nothing (400).
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], okByRole: { 5200: [400] }, mixed: 'not-found' },
    call: (t) => ({
      payload: {
        LandlordNo: t.records.payeeNo,
        month: accountingMonth(new Date()).slice(0, 7),
        PaidOn: accountingDate(new Date()),
        Reference: `PRN-${t.n}`,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/mri/settings',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { RemittanceRule: 'twentieth', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/property-tax-ref',
    write: true,
    // Another account's property is not found, as if it did not exist.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { PropId: t.records.propId, Lr_number: `LR/${t.n}`, Erits_ref: '', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/mri/amendment/payment',
    write: true,
    // The matrix's month has no late rent after it closed: nothing to amend (400).
    access: { kind: 'account', roles: ADMINS, ok: [400], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        LandlordNo: t.records.payeeNo,
        month: accountingMonth(new Date()).slice(0, 7),
        PaidOn: accountingDate(new Date()),
        Reference: `PRN-A-${t.n}`,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/month/close',
    write: true,
    // Last month: the first call closes it, later ones find it closed (409).
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'not-found' },
    call: (t) => ({ payload: { LandlordNo: t.records.payeeNo, month: lastMonth(), ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/months',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { LandlordNo: t.records.payeeNo, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/house/addhouse',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [201], mixed: 'not-found', derived: true },
    call: (t) => ({
      payload: {
        PropId: t.records.propId,
        House_number: `M${t.n}`,
        Description: 'Bedsitter',
        Rent: '5,000',
        Deposit: '5,000',
        readiness: 0,
      },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/house/edithousedetails',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found', derived: true },
    call: (t) => ({
      payload: {
        HouseId: t.records.vacantHouseIds[2],
        House_number: `E${t.n}`,
        Description: 'Edited',
        Rent: '6,000',
        Deposit: '6,000',
        readiness: 0,
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/pmMoneyTransactions/rentreciept',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        tenancyID: t.records.tenancyId,
        paymentdetails: 'Matrix cash',
        RecievedAmount: '10',
        ledgerName: 'Rent',
        idempotencyKey: `matrix-key-${t.n}`,
        ...agentQuery(t),
      },
    }),
  },
  // M-Pesa: the callbacks are public and named by a secret token; a token nobody holds answers 404 for everyone.
  {
    method: 'POST',
    url: '/api/mpesa/c2b/:token/validation',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: (t) => ({ payload: mpesaCallback(t), withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/c2b/:token/confirmation',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: (t) => ({ payload: mpesaCallback(t), withAuth: false }),
  },
  {
    method: 'GET',
    url: '/api/mpesa/paybill',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/paybill',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({
      payload: { shortcode: '600984', strictValidation: false, allowedIps: '', ...agentQuery(t) },
    }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/paybill/rotate',
    write: true,
    // 409 while the account has no paybill yet.
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'n/a' },
    call: (t) => ({ payload: agentQuery(t) }),
  },
  // The audit trail: admins only, each account's own changes.
  {
    method: 'GET',
    url: '/api/audit/events',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/audit/events.csv',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  // Data protection (decision 045): anyone of the account sees and records requests; its admins answer,
  // export, erase, set the retention and keep the breach register. A person of another account is not found.
  {
    method: 'GET',
    url: '/api/data-protection/requests',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/data-protection/requests/record',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { clientNo: t.records.tenantClientNo, kind: 'access', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/data-protection/requests/close',
    write: true,
    // No account's world holds a request: the one named is nobody's, so even its admin is told it is not found.
    access: { kind: 'account', roles: ADMINS, ok: [404], mixed: 'n/a' },
    call: (t) => ({ payload: { requestId: 999_999_999, outcome: 'done', answer: 'Sent by email', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/data-protection/export.json',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { clientNo: t.records.tenantClientNo, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/data-protection/export.pdf',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { clientNo: t.records.tenantClientNo, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/data-protection/erase',
    write: true,
    // The world's tenant has a running tenancy: erasure is refused, and nothing changes.
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'not-found' },
    call: (t) => ({ payload: { clientNo: t.records.tenantClientNo, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/data-protection/retention',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { retentionYears: 6, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/data-protection/breaches',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/data-protection/breaches/record',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { discoveredAt: '2025-01-01T08:00:00Z', description: 'Laptop stolen', peopleAffected: 3, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/data-protection/breaches/notified',
    write: true,
    // As for closing a request: the breach named is nobody's.
    access: { kind: 'account', roles: ADMINS, ok: [404], mixed: 'n/a' },
    call: (t) => ({ payload: { breachId: 999_999_999, notifiedAt: '2025-01-02T08:00:00Z', ...agentQuery(t) } }),
  },
  // The receipt outbox: admins only; another account's notice is not found.
  {
    method: 'GET',
    url: '/api/notices/outbox',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/notices/outbox/resend',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { noticeId: t.records.noticeId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/mpesa/unmatched',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/unmatched/assign',
    write: true,
    // No payment has this id: 404 once the tenancy is found, 400 while the account has no paybill.
    access: { kind: 'account', roles: EVERY_ROLE, ok: [400, 404], mixed: 'not-found' },
    call: (t) => ({ payload: { paymentId: 999_999_999, tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/unmatched/notrent',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [404], mixed: 'n/a' },
    call: (t) => ({ payload: { paymentId: 999_999_999, note: 'Matrix note', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/statement/preview',
    write: false,
    // 400 while the account has no paybill.
    access: { kind: 'account', roles: ADMINS, ok: [200, 400], mixed: 'n/a' },
    call: (t) => ({ payload: { rows: mpesaStatement(t), ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/statement/import',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200, 400], mixed: 'n/a' },
    call: (t) => ({ payload: { rows: mpesaStatement(t), ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/bank/accounts',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/bank/accounts',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { name: `Equity ${t.n}`, preset: 'equity', ...agentQuery(t) } }),
  },
  // The matrix's worlds hold no bank account: naming one answers 404 to whoever may import (bank.test.ts names real ones).
  {
    method: 'POST',
    url: '/api/bank/statement/import',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [404], mixed: 'n/a' },
    call: (t) => ({ query: { bankAccountId: 2_000_000_000, ...agentQuery(t) }, payload: { file: 'not a file' } }),
  },
  {
    method: 'GET',
    url: '/api/bank/deposits',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [404], mixed: 'n/a' },
    call: (t) => ({ query: { bankAccountId: 2_000_000_000, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/ledger-export/chart',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/ledger-export/chart',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { entries: [{ Key: 'rent_income', Code: '4000', Name: 'Rent', TaxRate: 'No VAT' }], ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/ledger-export/journal.csv',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { month: '2020-01', layout: 'xero', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/agreements',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { PropId: t.records.propId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/balances',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/trust',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/setup',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/payouts',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'nothing' },
    call: (t) => ({ query: { LandlordNo: t.records.landlordNo, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/pass-through',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'nothing' },
    call: (t) => ({ query: { LandlordNo: t.records.payeeNo, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/pass-through/payments',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'nothing' },
    call: (t) => ({ query: { LandlordNo: t.records.payeeNo, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/client-money/accounts',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/client-money/books',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { Day: '2020-01-01', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/client-money/reconciliations',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/client-money/year-end',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { from: '2020-01-01', to: '2020-12-31', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/client-money/year-end.pdf',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { from: '2020-01-01', to: '2020-12-31', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/client-money/year-end.csv',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { from: '2020-01-01', to: '2020-12-31', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/etims/devices',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/etims/invoices',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/etims/devices',
    write: true,
    // The matrix's server has no sealing key, so the caller's own call is refused before KRA is asked (400); no landlord is named.
    access: { kind: 'account', roles: ADMINS, ok: [400], mixed: 'n/a' },
    call: (t) => ({ payload: { Tin: 'P051234567Q', BhfId: '00', DeviceSerial: `matrix-${t.n}`, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/etims/fee-invoices',
    write: true,
    // No device is initialised in the matrix's world: a month with fees to invoice is refused (400), one without queues nothing (200).
    access: { kind: 'account', roles: ADMINS, ok: [200, 400], mixed: 'n/a' },
    call: (t) => ({ payload: { Month: '2020-01', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/etims/rent-invoices',
    write: true,
    // No landlord has a device in the matrix's world: nothing is queued.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { Month: '2020-01', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/etims/credit-note',
    write: true,
    // No invoice exists in the matrix's world: every caller is answered not found.
    access: { kind: 'account', roles: ADMINS, ok: [404], mixed: 'n/a' },
    call: (t) => ({ payload: { InvoiceId: 999999 + t.n, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/fee-transfers',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  ...['/api/kyc/subjects', '/api/aml/settings', '/api/aml/thresholds', '/api/aml/suspicions'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      write: false,
      access: { kind: 'account', roles: AGENCY_ADMINS, ok: [200], mixed: 'n/a' },
      call: (t) => ({ query: agentQuery(t) }),
    }),
  ),
  {
    method: 'GET',
    url: '/api/aml/log',
    write: false,
    access: { kind: 'account', roles: AGENCY_ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { from: '2020-01-01', to: '2030-12-31', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/kyc/record',
    write: false,
    // The account's landlord, with or without a record yet; another account's landlord is no subject of this one.
    access: { kind: 'account', roles: AGENCY_ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { ClientNo: t.records.payeeNo, ...agentQuery(t) } }),
  },
  ...['/api/kyc/document', '/api/aml/suspicion.pdf'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      write: false,
      // The world keeps no document and no suspicion: an id nothing has.
      access: { kind: 'account', roles: AGENCY_ADMINS, ok: [404], mixed: 'n/a' },
      call: (t) => ({ query: { DocumentId: 999_999_999, SuspicionId: 999_999_999, ...agentQuery(t) } }),
    }),
  ),
  {
    method: 'GET',
    url: '/api/opening-balances',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  ...['/api/book-import/template', '/api/book-import/progress', '/api/book-import/mapping'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      write: false,
      access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
      call: (t) => ({ query: agentQuery(t) }),
    }),
  ),
  ...['/api/book-import/preview', '/api/book-import/confirm'].map(
    (url): RouteCase => ({
      method: 'POST',
      url,
      write: true,
      // The matrix sends no file: the admin passes the scope and is told there is nothing to import (400).
      access: { kind: 'account', roles: ADMINS, ok: [400], mixed: 'n/a' },
      call: (t) => ({ query: agentQuery(t), payload: {} }),
    }),
  ),
  {
    method: 'POST',
    url: '/api/book-import/mapping',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { Sheet: 'tenants', Columns: { phone: `Simu ${t.n}` }, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/remittance',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/payout/advice.pdf',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { PayoutId: t.records.payoutId, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/expenses',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'nothing' },
    call: (t) => ({ query: { LandlordNo: t.records.landlordNo, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/expense/receipt',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { ExpenseId: t.records.expenseId, ...agentQuery(t) } }),
  },
  ...[
    '/api/landlord-money/owner-statement',
    '/api/landlord-money/owner-statement.pdf',
    '/api/landlord-money/owner-statement.csv',
  ].map((url): RouteCase => ({
    method: 'GET',
    url,
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { LandlordNo: t.records.payeeNo, ...agentQuery(t) } }),
  })),
  ...[
    '/api/landlord-money/income',
    '/api/landlord-money/income.csv',
    '/api/landlord-money/mri',
    '/api/landlord-money/mri.csv',
    '/api/landlord-money/mri-filing.csv',
    '/api/landlord-money/mri/pack',
    '/api/landlord-money/mri/pack.csv',
    '/api/landlord-money/mri/pack.pdf',
    '/api/landlord-money/mri/settings',
  ].map((url): RouteCase => ({
    method: 'GET',
    url,
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  })),
  ...['/api/landlord-money/vat', '/api/landlord-money/vat.csv'].map((url): RouteCase => ({
    method: 'GET',
    url,
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { month: '2026-06', ...agentQuery(t) } }),
  })),
  {
    method: 'GET',
    url: '/api/landlord-money/mri/certificate.pdf',
    write: false,
    // A landlord's own account withholds nothing (it has no agreement): no certificate to give.
    access: { kind: 'account', roles: ADMINS, ok: [200], okByRole: { 5200: [404] }, mixed: 'not-found' },
    call: (t) => ({ query: { LandlordNo: t.records.payeeNo, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/landlord-links',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  // The landlord's own view: through the caller's live link only.
  { method: 'GET', url: '/api/landlord-view/links', write: false, access: { kind: 'signed-in', own: [200], other: [200] }, call: () => ({}) },
  ...['/api/landlord-view/owner-statement', '/api/landlord-view/owner-statement.pdf', '/api/landlord-view/expenses', '/api/landlord-view/payouts'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      write: false,
      access: { kind: 'linked-landlord', ok: [200] },
      call: (t) => ({ query: { LinkId: linkOf(t) } }),
    }),
  ),
  {
    method: 'GET',
    url: '/api/landlord-view/payout/advice.pdf',
    write: false,
    access: { kind: 'linked-landlord', ok: [200] },
    call: (t) => ({ query: { LinkId: linkOf(t), PayoutId: t.records.payoutId } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-view/mri/certificate.pdf',
    write: false,
    // The world's linked landlord had tax withheld this month: their certificate.
    access: { kind: 'linked-landlord', ok: [200] },
    call: (t) => ({ query: { LinkId: linkOf(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-view/expense/receipt',
    write: false,
    access: { kind: 'linked-landlord', ok: [200] },
    call: (t) => ({ query: { LinkId: linkOf(t), ExpenseId: t.records.expenseId } }),
  },
  {
    method: 'GET',
    url: '/api/mpesa/reconciliation',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: { from: '2025-01-01', to: '2025-01-31', ...agentQuery(t) } }),
  },
  // Tenant side: the office's link, Daraja and maintenance routes; the tenant's page and the STK callback are public,
  // named by secrets nobody in the matrix holds (a literal ':token' is no token: 404; a literal ':id' is no number: 400).
  {
    method: 'GET',
    url: '/api/tenantlinks',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ query: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/tenantlinks/send',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { tenancyId: t.records.tenancyId, sms: false, email: true, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/tenantlinks/revoke',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/tenantlinks/payrequest',
    write: true,
    // 409: the account has no Daraja app (the matrix world sets none).
    access: { kind: 'account', roles: EVERY_ROLE, ok: [409], mixed: 'not-found' },
    call: (t) => ({
      payload: { tenancyId: t.records.tenancyId, amount: 10, phone: '0708374149', ...agentQuery(t) },
    }),
  },
  {
    method: 'GET',
    url: '/api/mpesa/daraja',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/daraja',
    write: true,
    // 409: the matrix's server has no DARAJA_SECRETS_KEY, so nothing could be sealed.
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'n/a' },
    call: (t) => ({
      payload: { shortcode: '174379', consumerKey: 'k', consumerSecret: 's', passkey: 'p', ...agentQuery(t) },
    }),
  },
  // Pull Transactions and Transaction Status: the matrix world has no Daraja app, so asking Safaricom is a 409.
  {
    method: 'GET',
    url: '/api/mpesa/pull',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/pull',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [409], mixed: 'n/a' },
    call: (t) => ({ payload: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/pull/register',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'n/a' },
    call: (t) => ({ payload: { nominatedNumber: '0722000000', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/mpesa/statuschecks',
    write: false,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/mpesa/statuschecks/one',
    write: false,
    // No check has this id in any account.
    access: { kind: 'account', roles: EVERY_ROLE, ok: [404], mixed: 'n/a' },
    call: (t) => ({ query: { checkId: 999_999_999, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/statuschecks',
    write: true,
    access: { kind: 'account', roles: EVERY_ROLE, ok: [409], mixed: 'n/a' },
    call: (t) => ({ payload: { code: 'QK12AB34CD', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/pull/:token/callback',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: () => ({ payload: { ResponseCode: '1000', Response: [] }, withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/status/:token/result',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: () => ({ payload: { Result: { ResultCode: 0, OriginatorConversationID: 'x' } }, withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/status/:token/timeout',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: () => ({ payload: { Result: { ResultCode: 1, OriginatorConversationID: 'x' } }, withAuth: false }),
  },
  {
    method: 'GET',
    url: '/api/mpesa/daraja/initiator',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/mpesa/daraja/initiator',
    write: true,
    // 409: the matrix's server has no DARAJA_SECRETS_KEY, so nothing could be sealed.
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'n/a' },
    call: (t) => ({ payload: { initiatorName: 'api', securityCredential: 'c'.repeat(40), ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/landlord-money/mpesa-payouts',
    write: false,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  ...(['result', 'timeout', 'status'] as const).map(
    (kind): RouteCase => ({
      method: 'POST',
      url: `/api/mpesa/payouts/:token/${kind}/:originator`,
      write: true,
      access: { kind: 'public', answers: [404] },
      call: () => ({ payload: { Result: { ResultCode: 0, ResultDesc: 'x', OriginatorConversationID: 'o' } }, withAuth: false }),
    }),
  ),
  {
    method: 'POST',
    url: '/api/mpesa/stk/:token/callback',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: () => ({
      payload: {
        Body: {
          stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: 1032, ResultDesc: 'x' },
        },
      },
      withAuth: false,
    }),
  },
  {
    method: 'GET',
    url: '/api/maintenance',
    write: false,
    access: { kind: 'account', roles: PROPERTY_WORK, ok: [200], mixed: 'n/a', limited: 'filtered' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'GET',
    url: '/api/maintenance/assignees',
    write: false,
    access: { kind: 'account', roles: PROPERTY_WORK, ok: [200], mixed: 'n/a', limited: 'filtered' },
    call: (t) => ({ query: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/maintenance/update',
    write: true,
    // No request has this id in any account.
    access: { kind: 'account', roles: PROPERTY_WORK, ok: [404], mixed: 'n/a', limited: 'not-found' },
    call: (t) => ({ payload: { requestId: 999_999_999, status: 'done', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/maintenance/expense',
    write: true,
    // Expenses are the admins'; no request has this id in any account.
    access: { kind: 'account', roles: ADMINS, ok: [404], mixed: 'n/a' },
    call: (t) => ({ payload: { requestId: 999_999_999, ExpenseDate: '2020-01-01', Payee: 'Matrix Plumbers', Amount: '0.01', ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/maintenance/photo',
    write: false,
    access: { kind: 'account', roles: PROPERTY_WORK, ok: [404], mixed: 'n/a', limited: 'not-found' },
    call: (t) => ({ query: { photoId: 999_999_999, ...agentQuery(t) } }),
  },
  {
    method: 'GET',
    url: '/api/t/:token',
    write: false,
    access: { kind: 'public', answers: [404] },
    call: () => ({ withAuth: false }),
  },
  {
    method: 'GET',
    url: '/api/t/:token/statement.pdf',
    write: false,
    access: { kind: 'public', answers: [404] },
    call: () => ({ withAuth: false }),
  },
  {
    method: 'GET',
    url: '/api/t/:token/receipts/:txnId',
    write: false,
    access: { kind: 'public', answers: [400] },
    call: () => ({ withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/t/:token/pay',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: () => ({ payload: { amount: 10, phone: '0708374149' }, withAuth: false }),
  },
  {
    method: 'GET',
    url: '/api/t/:token/pay/:requestId',
    write: false,
    access: { kind: 'public', answers: [400] },
    call: () => ({ withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/t/:token/maintenance',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: () => ({ payload: { category: 'plumbing', description: 'Leaking tap' }, withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/t/:token/data-requests',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: () => ({ payload: { kind: 'access' }, withAuth: false }),
  },
  {
    method: 'GET',
    url: '/api/t/:token/my-data.json',
    write: false,
    access: { kind: 'public', answers: [404] },
    call: () => ({ withAuth: false }),
  },
  {
    method: 'GET',
    url: '/api/t/:token/my-data.pdf',
    write: false,
    access: { kind: 'public', answers: [404] },
    call: () => ({ withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/t/:token/maintenance/:requestId/photos',
    write: true,
    access: { kind: 'public', answers: [400] },
    call: () => ({ payload: { x: 1 }, withAuth: false }),
  },
  {
    method: 'GET',
    url: '/api/t/:token/photos/:photoId',
    write: false,
    access: { kind: 'public', answers: [400] },
    call: () => ({ withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/agent/registration',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { EarbNo: `EARB/${t.n}`, PractisingYear: 2026, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/agent/vat',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { VatPin: 'P051234567Q', VatFrom: '2026-06-01', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/agent/vacancylisting',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({
      payload: {
        Published: true,
        EnquiryPhone: '0700111222',
        EnquiryEmail: `lettings${t.n}@example.com`,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/pmMoneyTransactions/reverse',
    write: true,
    // The first reversal of the world's receipt posts its contra entry; later ones find it reversed.
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        TransactionId: t.records.receiptTransactionId,
        reason: `Matrix correction ${t.n}`,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/expense/reverse',
    write: true,
    // The first reversal of the world's expense posts its contra entry; later ones find it reversed.
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'not-found' },
    call: (t) => ({
      payload: { ExpenseId: t.records.expenseId, reason: `Matrix correction ${t.n}`, ...agentQuery(t) },
    }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/pass-through/payment/reverse',
    write: true,
    // The first reversal of the world's payment onward posts its contra entry; later ones find it reversed.
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'not-found' },
    call: (t) => ({
      payload: { PaymentId: t.records.onwardPaymentId, reason: `Matrix correction ${t.n}`, ...agentQuery(t) },
    }),
  },
  {
    method: 'POST',
    url: '/api/opening-balances/go-live',
    write: true,
    // Clearing a go-live the world never set: the runs' other cells charge as before.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { GoLiveMonth: null, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/opening-balances/tenancies',
    write: true,
    // The world has no go-live: the account's own tenancy is found, then refused (409); another's is not found.
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'not-found' },
    call: (t) => ({ payload: { Tenancies: [{ TenancyId: t.records.tenancyId, RentArrears: '0.01' }], ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/opening-balances/tenancy/reverse',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'not-found' },
    call: (t) => ({ payload: { TenancyId: t.records.tenancyId, reason: `Matrix correction ${t.n}`, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/opening-balances/landlords',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'not-found' },
    call: (t) => ({ payload: { Landlords: [{ LandlordNo: t.records.payeeNo, Amount: '0.01' }], ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/opening-balances/landlord/reverse',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'not-found' },
    call: (t) => ({ payload: { LandlordNo: t.records.payeeNo, reason: `Matrix correction ${t.n}`, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/opening-balances/meters',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [409], mixed: 'not-found' },
    call: (t) => ({ payload: { Meters: [{ HouseId: t.records.letHouseId, Reading: 1 }], ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/fee-transfer/reverse',
    write: true,
    // The first reversal of the world's transfer posts its contra entries; later ones find it reversed. A landlord's own account has none (404).
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], okByRole: { 5200: [404] }, mixed: 'not-found' },
    call: (t) => ({ payload: { TransferId: t.records.feeTransferId, reason: `Matrix correction ${t.n}`, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-view/invitation',
    write: false,
    // A token nobody was sent names no agency. (A real one is read in landlord-view.test.ts.)
    access: { kind: 'public', answers: [404] },
    call: (t) => ({ payload: { token: `matrix${String(t.n).padStart(37, '0')}` } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-view/accept',
    write: true,
    // A token nobody was sent: no invitation. (Accepting a real one is tested in landlord-view.test.ts.)
    access: { kind: 'signed-in', own: [404], other: [404] },
    call: (t) => ({ payload: { token: `matrix${String(t.n).padStart(37, '0')}` } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-view/expense/decide',
    write: true,
    // The world's expense was below any approval amount and is paid already: nothing waits for a decision.
    access: { kind: 'linked-landlord', ok: [409] },
    call: (t) => ({ payload: { LinkId: linkOf(t), ExpenseId: t.records.expenseId, Approve: true } }),
  },
  {
    method: 'POST',
    url: '/api/charges/recurring',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: { PropId: t.records.propId, Name: `Matrix charge ${t.n}`, Amount: '10', ...agentQuery(t) },
    }),
  },
  ...['/api/charges/recurring/update', '/api/charges/recurring/house'].map((url): RouteCase => ({
    method: 'POST',
    url,
    write: true,
    // No charge of that number in any account: the answer is 404 whoever asks, once the role may ask.
    access: { kind: 'account', roles: ADMINS, ok: [404], mixed: 'n/a' },
    call: (t) => ({
      payload: { ChargeId: 987654321, HouseId: t.records.letHouseId, Amount: '5', ...agentQuery(t) },
    }),
  })),
  {
    method: 'POST',
    url: '/api/charges/water/tariff',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { PropId: t.records.propId, UnitPrice: '150', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/charges/water/readings',
    write: true,
    // Clerks type the readings; the month is never confirmed by the matrix, so each call saves.
    access: { kind: 'account', roles: PROPERTY_WORK, ok: [200], mixed: 'not-found', limited: 'not-found' },
    call: (t) => ({
      payload: {
        PropId: t.records.propId,
        Month: '2026-01',
        Readings: [{ HouseId: t.records.letHouseId, Reading: 10 + t.n, StartReading: 0 }],
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/charges/water/confirm',
    write: true,
    // A month without readings: refused as such (or for want of a tariff) in its own account, not found in another.
    access: { kind: 'account', roles: ADMINS, ok: [400], mixed: 'not-found' },
    call: (t) => ({ payload: { PropId: t.records.propId, Month: '2025-01', ...agentQuery(t) } }),
  },
  ...(['settings', 'preview', 'log'] as const).map((name): RouteCase => ({
    method: 'GET',
    url: `/api/charges/reminders/${name}`,
    write: false,
    // The world's account may have no settings yet: the preview then asks for them.
    access: { kind: 'account', roles: ADMINS, ok: name === 'preview' ? [200, 400] : [200], mixed: 'n/a' },
    call: (t) => ({ query: agentQuery(t) }),
  })),
  {
    method: 'POST',
    url: '/api/charges/reminders/settings',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { Active: false, Days: [3, 7], ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/charges/reminders/run',
    write: true,
    // Reminders stay off (or SMS is not set up) in the matrix's world: refused as such.
    access: { kind: 'account', roles: ADMINS, ok: [400], mixed: 'n/a' },
    call: (t) => ({ payload: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/charges/reminders/optout',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { TenancyId: t.records.tenancyId, OptOut: false, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/sms/delivery/:token',
    write: true,
    access: { kind: 'public', answers: [404] },
    call: () => ({ payload: { id: 'ATXid_matrix', status: 'Success' }, withAuth: false }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/rentreviews/schedule',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    // A month of its own for each call: a second review for one month is refused as taken.
    call: (t) => ({ payload: { TenancyId: t.records.tenancyId, Date: reviewDate(t.n), Percent: 2.5, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/rentreviews/update',
    write: true,
    // Each account has one admin principal, who changes its review before cancelling it.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { ReviewId: t.records.rentReviewId, Date: reviewDate(t.n), Amount: '100', ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/rentreviews/cancel',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { ReviewId: t.records.rentReviewId, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/charges/penaltyrule',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({ payload: { PropId: t.records.propId, AfterDay: 5, Percent: 10, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/charges/penalties/run',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'n/a' },
    call: (t) => ({ payload: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/charges/penalties/waive',
    write: true,
    // The world's receipt is not a penalty: refused as such in its own account, not found in another.
    access: { kind: 'account', roles: ADMINS, ok: [400], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        TransactionId: t.records.receiptTransactionId,
        reason: `Matrix waiver ${t.n}`,
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/automaticinvoicing',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { automatic: false, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/sendinvoices',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'n/a' },
    call: (t) => ({ payload: { sendInvoices: false, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/newtenancyinit',
    write: true,
    // The first booking of the house takes it; a later one finds it let.
    access: { kind: 'account', roles: EVERY_ROLE, ok: [201, 409], mixed: 'not-found', derived: true },
    call: (t) => ({
      payload: {
        HouseId: t.records.vacantHouseIds[0],
        ClientNo: t.records.landlordNo,
        Id_number: '23456789',
        Tenant_Employer: 'Matrix Employer',
        Tenant_Business: 'Not in business',
        Next_of_kin_name: 'Mama Matrix',
        Next_of_kin_phone: '0799888777',
        ...agentQuery(t),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/runmonthlytenancyinvoicesbyagentid',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'n/a' },
    call: (t) => ({ payload: agentQuery(t) }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/terminatetenancy',
    write: true,
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'not-found' },
    call: (t) => ({ payload: { tenancyId: t.records.tenancyId, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/usermanagement/sendhireoffertouser',
    write: true,
    // Own: the account's own owner (hiring oneself, 400). Mixed: another account's owner, who
    // may be offered work (200, then 409 while that offer is pending).
    access: { kind: 'account', roles: ADMINS, ok: [200, 400, 409], mixed: 'n/a' },
    call: (t) => ({ payload: { AgentNo: t.agent.agentId, UserNo: t.records.owner.userNo } }),
  },
  {
    method: 'POST',
    url: '/api/agent/useraccess',
    write: true,
    // The contract is looked up within the account the request names: another's contract is not there.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        managingAgentId: t.agent.agentId,
        AgencyUserHireOfferId: t.records.contractOfferId,
        Role: t.records.label.startsWith('landlord') ? 5201 : 5101,
        PropIds: [],
      },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/agent/toggleuseractivatedstatebyadminuser',
    write: true,
    // The account is the contract's: naming another's contract names another account.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found', derived: true },
    call: (t) => ({
      payload: {
        AgencyUserHireOfferId: t.records.contractOfferId,
        UserNo: t.records.contractUserNo,
        NewManagingAgentLoginStatus: '1',
      },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/usermanagement/accepthiringOffer',
    write: true,
    // Nobody here holds an offer: the offer is someone else's (404), or the caller owns an
    // agency (403) or already works under a contract (409).
    access: { kind: 'signed-in', own: [403, 404, 409], other: [404] },
    call: (t) => ({
      payload: {
        AgencyUserHireOfferNo: t.records.pendingOfferId,
        UserNo: userNoOf(t),
        AgentId: t.records.agentId,
      },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/usermanagement/rejecthiringOffer',
    write: true,
    access: { kind: 'signed-in', own: [404], other: [404] },
    call: (t) => ({
      payload: {
        AgencyUserHireOfferNo: t.records.pendingOfferId,
        UserNo: userNoOf(t),
        DeclineReason: 'Not mine',
      },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/usermanagement/changeuseravailabilityforwork',
    write: true,
    // Always the caller's own flag, kept at 1; an agency owner may not touch it.
    access: { kind: 'signed-in', own: [200, 403], other: [200, 403] },
    call: () => ({ payload: { available: 1 } }),
  },
  {
    method: 'PATCH',
    url: '/api/usermanagement/edituserbiodata',
    write: true,
    access: { kind: 'signed-in', own: [200], other: [200] },
    call: (t) => ({ payload: { First_name: 'Matrix', Last_name: `Person${t.n}`, PhoneNo: '0711000333' } }),
  },
  {
    method: 'PATCH',
    url: '/api/usermanagement/setuserlanguage',
    write: true,
    // Always the caller's own choice: the request names no user.
    access: { kind: 'signed-in', own: [200], other: [200] },
    call: () => ({ payload: { Language: 'en' } }),
  },
  {
    method: 'PATCH',
    url: '/api/usermanagement/revokeusershiringoffer',
    write: true,
    // Each account's admin revokes its one pending offer once; another's offer is not found.
    access: { kind: 'account', roles: ADMINS, ok: [200], mixed: 'not-found' },
    call: (t) => ({
      payload: {
        AgencyUserHireOfferNo: t.records.pendingOfferId,
        AgentNo: t.agent.agentId,
        UserNo: t.records.offeredUserNo,
      },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/usermanagement/terminateagenthiringcontract',
    write: true,
    // The contract named is another user's, claimed as the caller's own: not found for
    // everyone. (Its user and its admin ending it are tested in hiring.test.ts.)
    access: { kind: 'signed-in', own: [404], other: [404] },
    call: (t) => ({
      payload: { offerId: t.records.contractOfferId, userNo: t.me.userNo || t.records.owner.userNo },
    }),
  },
  {
    method: 'POST',
    url: '/api/tenancy/settletenancy',
    write: true,
    // After termination: settles (200); before it, or with nothing left to settle, the same 200 or 409.
    access: { kind: 'account', roles: ADMINS, ok: [200, 409], mixed: 'not-found' },
    call: (t) => ({ payload: { tenancyId: t.records.tenancyId, applyDeposit: true, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/landlord-link/revoke',
    write: true,
    // Ends the world's link (B's: 200); A's landlord ended theirs already, earlier in the run (404). A landlord's own account has none.
    access: { kind: 'account', roles: ADMINS, ok: [200, 404], okByRole: { 5200: [404] }, mixed: 'not-found' },
    call: (t) => ({ payload: { LinkId: linkOf(t), ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-money/landlord-invite',
    write: true,
    // A new invitation replaces the live link. A landlord's own account has no landlord clients: refused before any look-up.
    access: { kind: 'account', roles: ADMINS, ok: [200], okByRole: { 5200: [400] }, mixed: 'not-found', mixedByRole: { 5200: [400] } },
    call: (t) => ({ payload: { LandlordNo: t.records.payeeNo, Email: `matrix.landlord.${t.n}@example.com`, ...agentQuery(t) } }),
  },
  {
    method: 'POST',
    url: '/api/landlord-view/revoke',
    write: true,
    access: { kind: 'linked-landlord', ok: [200] },
    call: (t) => ({ payload: { LinkId: linkOf(t) } }),
  },
  {
    method: 'POST',
    url: '/api/agent/createagent',
    write: true,
    // Last: a user without an account has one afterwards.
    access: { kind: 'signed-in', own: [201, 409], other: [201, 409] },
    call: () => ({
      payload: {
        Self: 0,
        AgentName: 'Matrix Homes',
        Kra_pin: 'P051234567X',
        Address: 'Moi Avenue 12',
        HasOwnProperty: false,
      },
    }),
  },
];
