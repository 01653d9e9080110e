import { AGENT_TYPE, accountingMonth, type AgentType } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/database';
import { signedInUser } from '../test/accounts';
import { contractUser, landlordAccount } from '../test/agents';
import { chargesApi } from '../test/charges';
import { agencyWithOwner, bookOk, estate, pay, runInvoices, type Agency } from '../test/estate';
import { hiringCalls, offerIdFor } from '../test/hiring';
import { transferFees } from '../test/fee-transfers';
import { sendLink } from '../test/tenant-side';
import { expense, linkedLandlord, payOnward, payout, setAgreement } from '../test/landlord';

/**
 * One account with everything a route can name: a property with a let house
 * and vacant ones, a tenant, a tenancy with a receipt, the landlord client.
 * Every name the account's people and property carry holds its `marker`, so
 * an answer that shows any of it to someone else is caught by a text search.
 */
export interface AccountWorld {
  label: string;
  /** Carried by the account's people (tenant names and emails). */
  marker: string;
  /** Carried by the account's property names, which it may choose to publish. */
  placeMarker: string;
  owner: Agency;
  agentId: number;
  propId: number;
  letHouseId: number;
  vacantHouseIds: number[];
  tenancyId: number;
  /** A rent review of the tenancy, years ahead, not yet in force. */
  rentReviewId: number;
  tenantClientNo: number;
  landlordNo: number;
  receiptTransactionId: number;
  /** The landlord side: an expense (with its scanned receipt) and a payout, out of the receipt's money. */
  expenseId: number;
  payoutId: number;
  /** The property's pass-through charge (garbage, owed to the county's contractor; `charge:<id>`), paid by the tenant, and a payment of part of it onward. */
  passThroughCharge: string;
  onwardPaymentId: number;
  /** Ksh 1 of the agency's commission moved to its office account; in a landlord's own account, which earns none, an id no transfer has. */
  feeTransferId: number;
  /** The account's client bank account, in use (decision 043). */
  clientAccountId: number;
  /** The property's landlord as the books know them (a landlord account's owner, whatever client registered it). */
  payeeNo: number;
  /** The live link of the account's landlord client to a landlord's user (an agency's only; a landlord's own account has none: 0). */
  landlordLinkId: number;
  /** The receipt's email notice, unsent (API tests send nothing by themselves). */
  noticeId: number;
  /** A hire offer the account sent and nobody answered, and a running contract of another user. */
  pendingOfferId: number;
  offeredUserNo: number;
  contractOfferId: number;
  contractUserNo: number;
}

export interface Principal {
  name: string;
  /** Absent for the anonymous visitor. */
  auth?: { authorization: string };
  userNo: number;
  clientNo: number;
  /** The account the principal works in, and the role the server derives there. */
  home?: AccountWorld;
  role?: AgentType;
  /** A hired user whose access the admin switched off. */
  deactivated?: boolean;
  /** The account whose books the principal reads as its linked landlord. */
  linkedTo?: AccountWorld;
  /** Accounts whose data the principal may see. */
  sees: AccountWorld[];
  /** A hired user limited to one property of their account (decision 061): every other property of it is as another account's. */
  limitedTo?: PropertyWorld;
  /** The account whose ids the principal tries as "someone else's". */
  other: AccountWorld;
}

/**
 * A second property of agency A, the only one its limited principals work on:
 * its names carry a marker of their own, which only they and A's whole-account
 * principals may see.
 */
export interface PropertyWorld {
  marker: string;
  placeMarker: string;
  propId: number;
  houseIds: number[];
  tenancyId: number;
  /** A tenant's repair request there, with a photo. */
  requestId: number;
  photoId: number;
}

export interface World {
  accounts: AccountWorld[];
  /** A's second property (decision 061). */
  side: PropertyWorld;
  principals: Principal[];
}

async function account(app: FastifyInstance, label: string, marker: string, kind?: Record<string, unknown>): Promise<AccountWorld> {
  const owner = await agencyWithOwner(app, kind);
  const placeMarker = `${marker}place`.replace('mark', 'site');
  const place = await estate(app, owner, { houses: 4, name: `Court ${placeMarker}` });
  const tenantClientNo = await place.tenant(marker);
  const [letHouseId, ...vacantHouseIds] = place.houseIds;
  const tenancyId = await bookOk(app, owner, letHouseId!, tenantClientNo);
  // Agencies manage under an agreement that withholds MRI (a landlord's own account has none and is refused one).
  await setAgreement(app, owner, place.propId, { WithholdTax: true });
  const receipt = await pay(app, owner, tenancyId, '1,000', `world-${marker}-receipt`);
  const { passThroughCharge, onwardPaymentId } = await passThroughSide(app, owner, place.propId, tenancyId, marker);
  const review = await app.inject({
    method: 'POST',
    url: '/api/tenancy/rentreviews/schedule',
    headers: owner.auth,
    payload: { managingAgentId: owner.agentId, TenancyId: tenancyId, Date: '2030-01-01', Percent: 5 },
  });
  if (review.statusCode !== 200) throw new Error(`rent review: ${review.statusCode} ${review.body}`);
  const { expenseId, payoutId, payeeNo } = await landlordSide(app, owner, place.propId, marker);
  const feeTransferId = kind === landlordAccount ? NO_TRANSFER : await feeTransferOf(app, owner, marker);
  const clientAccountId = await clientAccountOf(app, owner);
  const offered = await signedInUser(app);
  const sent = await hiringCalls(app).send(owner.auth, owner.agentId, offered.userNo);
  if (sent.statusCode !== 200) throw new Error(`offer: ${sent.statusCode} ${sent.body}`);
  const contracted = await signedInUser(app);
  const contractOfferId = await contractUser(app, owner.agentId, contracted.userNo);
  return {
    label,
    marker,
    placeMarker,
    owner,
    agentId: owner.agentId,
    propId: place.propId,
    letHouseId: letHouseId!,
    vacantHouseIds,
    tenancyId,
    rentReviewId: review.json().ReviewId as number,
    tenantClientNo,
    landlordNo: place.landlordNo,
    receiptTransactionId: receipt.json().TransactionId,
    expenseId,
    payoutId,
    passThroughCharge,
    onwardPaymentId,
    feeTransferId,
    clientAccountId,
    payeeNo,
    landlordLinkId: 0,
    noticeId: await noticeOf(app, receipt.json().TransactionId),
    pendingOfferId: await offerIdFor(app, offered.auth, offered.userNo, owner.agentId),
    offeredUserNo: offered.userNo,
    contractOfferId,
    contractUserNo: contracted.userNo,
  };
}

/** Garbage passed through to the county's contractor, charged by the month's run and paid with all the tenant owes; 100 of its 300 paid onward. */
async function passThroughSide(app: FastifyInstance, owner: Agency, propId: number, tenancyId: number, marker: string) {
  const garbage = await chargesApi(app).addCharge(owner, {
    PropId: propId,
    Name: 'Garbage',
    Amount: '300',
    PassThrough: true,
    // Billed this month, the month the world is built in (decision 047: otherwise from the next).
    FromMonth: accountingMonth(app.clock.now()).slice(0, 7),
  });
  const run = await runInvoices(app, owner);
  const settled = await pay(app, owner, tenancyId, '29,300', `world-${marker}-charges`);
  const passThroughCharge = `charge:${garbage.json().ChargeId}`;
  const onward = await payOnward(app, owner, propId, passThroughCharge, '100', `world-${marker}-onward`);
  if ([garbage, run, settled, onward].some((r) => r.statusCode !== 200)) {
    throw new Error(`pass-through side: ${garbage.body} ${run.body} ${settled.body} ${onward.body}`);
  }
  return { passThroughCharge, onwardPaymentId: onward.json().PaymentId as number };
}

const NO_TRANSFER = 999_999_999;

async function feeTransferOf(app: FastifyInstance, owner: Agency, marker: string) {
  const transfer = await transferFees(app, owner, '1', `world-${marker}-fees`);
  if (transfer.statusCode !== 200) throw new Error(`fee transfer: ${transfer.body}`);
  return transfer.json().TransferId as number;
}

async function clientAccountOf(app: FastifyInstance, owner: Agency) {
  const added = await app.inject({
    method: 'POST',
    url: '/api/client-money/account',
    headers: owner.auth,
    payload: { managingAgentId: owner.agentId, Name: 'Client account', Kind: 'bank', Number: '0100200300' },
  });
  if (added.statusCode !== 200) throw new Error(`client account: ${added.body}`);
  return added.json().AccountId as number;
}

async function landlordSide(app: FastifyInstance, owner: Agency, propId: number, marker: string) {
  const due = await app.inject({ method: 'GET', url: `/api/landlord-money/remittance?managingAgentId=${owner.agentId}`, headers: owner.auth });
  const payeeNo = due.json()[0].LandlordNo as number;
  const spent = await expense(app, owner, propId, '1');
  const paid = await payout(app, owner, payeeNo, '1', `world-${marker}-payout`);
  if (spent.statusCode !== 200 || paid.statusCode !== 200) throw new Error(`landlord side: ${spent.body} ${paid.body}`);
  const expenseId = spent.json().ExpenseId as number;
  await app.inject({
    method: 'POST',
    url: `/api/landlord-money/expense/receipt?managingAgentId=${owner.agentId}&ExpenseId=${expenseId}`,
    headers: { ...owner.auth, 'content-type': 'application/pdf' },
    payload: Buffer.from('%PDF-1.4 world'),
  });
  return { expenseId, payoutId: paid.json().PayoutId as number, payeeNo };
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const a = await account(app, 'agency A', 'Alphamark');
  const b = await account(app, 'agency B', 'Bravomark');
  const l = await account(app, 'landlord account L', 'Limamark', landlordAccount);
  // Each agency's landlord client linked to a user of their own: A's is a principal, B's the link A's landlord tries as another's.
  const landlordOfA = await signedInUser(app);
  a.landlordLinkId = await linkedLandlord(app, a.owner, a.payeeNo, landlordOfA);
  b.landlordLinkId = await linkedLandlord(app, b.owner, b.payeeNo, await signedInUser(app));
  const newcomer = await signedInUser(app);
  const hired = await signedInUser(app);
  await contractUser(app, a.agentId, hired.userNo, { role: AGENT_TYPE.AGENCY_EMPLOYEE });
  const hiredOnL = await signedInUser(app);
  await contractUser(app, l.agentId, hiredOnL.userNo, { role: AGENT_TYPE.LANDLORD_EMPLOYEE });
  const side = await sideProperty(app, a);
  const limitedClerk = await signedInUser(app);
  await contractUser(app, a.agentId, limitedClerk.userNo, { role: AGENT_TYPE.AGENCY_EMPLOYEE, propIds: [side.propId] });
  const caretaker = await signedInUser(app);
  await contractUser(app, a.agentId, caretaker.userNo, { role: AGENT_TYPE.CARETAKER, propIds: [side.propId] });
  const switchedOff = await signedInUser(app);
  await contractUser(app, a.agentId, switchedOff.userNo, { role: AGENT_TYPE.AGENCY_EMPLOYEE, loginStatus: 0 });

  const user = (u: Awaited<ReturnType<typeof signedInUser>>) => ({ auth: u.auth, userNo: u.userNo, clientNo: u.clientNo });
  const principals: Principal[] = [
    { name: 'anonymous', userNo: 0, clientNo: 0, sees: [], other: a },
    // First of the signed-in: the agency's admins later invite anew and revoke, which ends this link.
    { name: 'landlord linked to A', ...user(landlordOfA), linkedTo: a, sees: [a], other: b },
    { name: 'user without an account', ...user(newcomer), sees: [], other: a },
    { name: 'hired user switched off in A', ...user(switchedOff), home: a, role: AGENT_TYPE.AGENCY_EMPLOYEE, deactivated: true, sees: [], other: b },
    { name: 'hired user on landlord account L', ...user(hiredOnL), home: l, role: AGENT_TYPE.LANDLORD_EMPLOYEE, sees: [l], other: a },
    { name: 'owner of landlord account L', ...user(l.owner), home: l, role: AGENT_TYPE.LANDLORD, sees: [l], other: a },
    { name: 'owner of agency B', ...user(b.owner), home: b, role: AGENT_TYPE.AGENCY_ADMIN, sees: [b], other: a },
    { name: 'clerk in A limited to its side property', ...user(limitedClerk), home: a, role: AGENT_TYPE.AGENCY_EMPLOYEE, limitedTo: side, sees: [], other: b },
    { name: 'caretaker in A of its side property', ...user(caretaker), home: a, role: AGENT_TYPE.CARETAKER, limitedTo: side, sees: [], other: b },
    { name: 'hired user in A', ...user(hired), home: a, role: AGENT_TYPE.AGENCY_EMPLOYEE, sees: [a], other: b },
    { name: 'owner of agency A', ...user(a.owner), home: a, role: AGENT_TYPE.AGENCY_ADMIN, sees: [a], other: b },
  ];
  return { accounts: [a, b, l], side, principals };
}

async function noticeOf(app: FastifyInstance, txnId: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await app.database.db.execute(sql`SELECT notice_id::int AS id FROM receipt_notices WHERE txn_id = ${txnId} ORDER BY notice_id LIMIT 1`),
  );
  if (!rows[0]) throw new Error(`no notice for receipt ${txnId}`);
  return rows[0].id;
}

/** A's second property with a let house, its tenant's repair request and the request's photo. */
async function sideProperty(app: FastifyInstance, a: AccountWorld): Promise<PropertyWorld> {
  const marker = 'Deltamark';
  const placeMarker = 'Deltasiteplace';
  const place = await estate(app, a.owner, { houses: 2, name: `Court ${placeMarker}` });
  const tenancyId = await bookOk(app, a.owner, place.houseIds[0]!, await place.tenant(marker));
  const { requestId, photoId } = await repairOf(app, a.owner, tenancyId);
  return { marker, placeMarker, propId: place.propId, houseIds: place.houseIds, tenancyId, requestId, photoId };
}

/** An 8×8 PNG, as a phone's photo of a repair would be in kind. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000080000000808020000004b6d29dc0000001149444154789c63909bf01f2b62185a1200afef6b4141e472a90000000049454e44ae426082',
  'hex',
);

/** The tenant reports a repair through their link, with a photo. */
async function repairOf(app: FastifyInstance, owner: Agency, tenancyId: number) {
  const token = await sendLink(app, owner, tenancyId);
  const reported = await app.inject({ method: 'POST', url: `/api/t/${token}/maintenance`, payload: { category: 'plumbing', description: 'Leaking tap' } });
  if (reported.statusCode !== 200) throw new Error(`repair: ${reported.statusCode} ${reported.body}`);
  const requestId = Number(reported.json().requestId);
  const photo = await app.inject({
    method: 'POST',
    url: `/api/t/${token}/maintenance/${requestId}/photos`,
    headers: { 'content-type': 'image/png' },
    payload: PNG,
  });
  if (photo.statusCode >= 300) throw new Error(`repair photo: ${photo.statusCode} ${photo.body}`);
  const rows = rowsOf<{ id: number }>(await app.database.db.execute(sql`SELECT photo_id::int AS id FROM maintenance_photos WHERE request_id = ${requestId}`));
  return { requestId, photoId: rows[0]!.id };
}
