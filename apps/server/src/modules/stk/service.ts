import {
  ANSWER_MESSAGES,
  API,
  MPESA_LEDGER_NAME,
  STK_MESSAGES,
  StkCallback,
  centsToAmount,
  formatKsh,
  type Cents,
  parseTransTime,
  stkResultText,
  type Language,
  type SaveDarajaRequest,
  type StkRequestView,
} from '@makazi/domain';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { Conflict, NotFound, Upstream } from '../../errors';
import { lockReceiptCounter } from '../ledger/posting';
import { writeReceipts } from '../ledger/receipt-writer';
import * as paybills from '../mpesa/paybill-repository';
import * as payments from '../mpesa/payments-repository';
import { recordPayments } from '../mpesa/recording';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import type { DarajaApp, DarajaClient, DarajaInitiator } from './daraja-client';
import { liveAccessToken, type SealedSecrets } from './access-token';
import * as queryReceipts from './query-receipts';
import * as repo from './repository';
import type { Sealer } from './sealing';

/** A callback this late is asked about with STK Push Query. */
export const QUERY_AFTER_MS = 60_000;
/** After a day without an answer the request is closed as unanswered; money that came shows by C2B or import. */
const GIVE_UP_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

export function stkView(r: repo.StkRow, language: Language = 'en'): StkRequestView {
  return {
    requestId: r.requestId,
    status: r.status,
    amount: centsToAmount(r.amountCents),
    message: stkResultText(r.resultCode, r.resultDesc, language),
    receipt: r.mpesaReceiptNumber,
    requestedAt: r.requestedAt.toISOString(),
  };
}

const callbackPath = (token: string) => `/api${API.daraja.stkCallback.replace(':token', token)}`;

/**
 * Lipa na M-Pesa Online for a tenancy: the push, its callback, and the query
 * that settles a request whose callback never came. A paid request posts its
 * receipt through the M-Pesa payments writer, keyed by MpesaReceiptNumber
 * (C2B's TransID), so STK, C2B and a statement import of one payment make one
 * receipt (docs/decisions/014-tenant-side.md).
 */
export function stkService(deps: {
  db: Db;
  clock: Clock;
  notices: ReceiptNotifier;
  daraja: DarajaClient;
  sealer: Sealer | null;
  publicUrl: () => string | undefined;
  log: FastifyBaseLogger;
}) {
  const { db, clock, notices, daraja, sealer } = deps;

  function requireSealer() {
    if (!sealer) throw new Conflict(ANSWER_MESSAGES.payNowNotConfigured);
    return sealer;
  }

  async function appOf(
    agentId: number,
  ): Promise<{ app: DarajaApp; row: repo.CredentialsRow; initiator: DarajaInitiator | null } | null> {
    const row = await repo.credentialsOf(db, agentId);
    if (!row || !sealer) return null;
    const { initiator, ...secrets } = JSON.parse(sealer.open(row.secrets)) as SealedSecrets;
    return { app: { shortcode: row.shortcode, ...secrets }, row, initiator: initiator ?? null };
  }

  /** The agency's access token, reused until a minute before it expires (kept sealed, shared by every process). */
  async function accessToken(app: DarajaApp, row: repo.CredentialsRow) {
    return liveAccessToken({ db, sealer: requireSealer(), daraja, clock }, app, row);
  }

  /**
   * Settles a request. A callback names the request's payment for certain:
   * its code posts a receipt unless the request's query receipt, or another
   * receipt, already holds that money. A query's success posts the receipt at
   * once, keyed by the CheckoutRequestID, unless a payment of this request
   * was already posted by its code (decision 021). Other codes record the
   * plain reason.
   */
  async function settle(
    agentId: number,
    checkoutRequestId: string,
    code: number,
    desc: string,
    paid?: PaidCallback,
  ) {
    const posted = await db.transaction(async (tx) => {
      // The counter first, as every receipt writer takes it: C2B covering a query receipt locks requests after it.
      await lockReceiptCounter(tx, agentId);
      const request = await repo.lockRequest(tx, agentId, checkoutRequestId);
      if (!request) return [];
      const at = clock.now();
      if (paid) return settlePaid(tx, request, desc, paid, at);
      if (request.status !== 'pending') return [];
      if (code !== 0) {
        await repo.settleRequest(tx, { requestId: request.requestId, status: 'failed', code, desc, receipt: null, at });
        return [];
      }
      const known = await queryReceipts.postedPaymentFor(tx, request, at);
      if (known !== null) {
        await repo.settleRequest(tx, { requestId: request.requestId, status: 'paid', code, desc, receipt: known, at });
        return [];
      }
      const targets = await postingTargetsOf(tx, agentId);
      const [written] = await writeReceipts(tx, {
        agentId,
        postedBy: targets.ownerUserNo,
        receipts: [
          {
            tenancyId: request.tenancyId,
            ledgerId: targets.ledgerId,
            paysDeposit: false,
            amount: request.amountCents,
            details: 'M-Pesa Pay now',
            source: { stk: request.checkoutRequestId },
            receivedAt: at,
          },
        ],
      });
      await repo.settleRequest(tx, { requestId: request.requestId, status: 'paid', code, desc, receipt: null, at });
      if (!written) return [];
      await repo.setQueryReceipt(tx, request.requestId, written.txnId);
      await notices.enqueue(tx, [written.txnId]);
      return [written.txnId];
    });
    if (posted.length > 0) notices.kick();
  }

  async function postingTargetsOf(tx: DbOrTx, agentId: number) {
    const targets = await repo.postingTargets(tx, agentId);
    if (!targets) throw new Error(`agency ${agentId} has no ${MPESA_LEDGER_NAME} ledger`);
    return targets;
  }

  async function settlePaid(
    tx: DbOrTx,
    request: repo.StkRow,
    desc: string,
    paid: PaidCallback,
    at: Date,
  ): Promise<number[]> {
    if (request.mpesaReceiptNumber === paid.receipt) return [];
    const { agentId } = request;
    // Anyone holding the callback address can post a "success": what disagrees with the request
    // waits for the office among the rejected callbacks (and for STK Push Query), never shows as paid.
    const held = heldForReview(request, paid);
    if (held) {
      await repo.storeRejection(tx, agentId, held, paid.body, at);
      return [];
    }
    await repo.settleRequest(tx, { requestId: request.requestId, status: 'paid', code: 0, desc, receipt: paid.receipt, at });
    const payment = {
      transId: paid.receipt,
      transTime: paid.transTime,
      amountCents: paid.amountCents,
      // The tenancy id is the first thing an account number is matched against.
      accountReference: String(request.tenancyId),
      msisdn: paid.phone,
      payerName: '',
    };
    const openReceipt = await queryReceipts.openQueryReceiptOf(tx, request.requestId);
    if (openReceipt !== null) {
      // The query's receipt holds this money: the payment is stored with its code and posts nothing more.
      // A code stored already (C2B or an import first) holds a receipt already; this one then waits for the next such code.
      const stored = await payments.storePayments(tx, [payment], { agentId, source: 'stk', receivedAt: at });
      if (stored.length > 0) await queryReceipts.coverPayment(tx, agentId, paid.receipt, openReceipt, request.tenancyId);
      return [];
    }
    const targets = await postingTargetsOf(tx, agentId);
    const result = await recordPayments(tx, [payment], {
      agentId,
      ledgerId: targets.ledgerId,
      source: 'stk',
      receivedAt: at,
      postedBy: targets.ownerUserNo,
    });
    await notices.enqueue(tx, result.txnIds);
    return result.txnIds;
  }

  return {
    async settings(agentId: number) {
      const found = await appOf(agentId);
      const row = found?.row ?? (await repo.credentialsOf(db, agentId));
      return {
        configured: row !== null,
        shortcode: row?.shortcode ?? '',
        callbackPath: row ? callbackPath(row.callbackToken) : '',
        updatedAt: row?.updatedAt.toISOString() ?? null,
        initiator: found?.initiator != null,
      };
    },

    /**
     * The agency's Daraja app for its other APIs (Pull Transactions, Transaction
     * Status): the app, a live access token, the initiator if set, and the
     * secret that makes its callback addresses. Null when Daraja is not set.
     */
    async session(agentId: number) {
      const found = await appOf(agentId);
      if (!found) return null;
      return {
        app: found.app,
        token: await accessToken(found.app, found.row),
        initiator: found.initiator,
        callbackToken: found.row.callbackToken,
      };
    },

    /** The agency whose Daraja callback secret this is, if any. */
    async agencyOfToken(token: string) {
      const creds = TOKEN.test(token) ? await repo.credentialsByToken(db, token) : null;
      return creds?.agentId ?? null;
    },

    async save(agentId: number, userNo: number, input: z.output<typeof SaveDarajaRequest>) {
      const s = requireSealer();
      await db.transaction(async (tx) => {
        await paybills.ensureLedger(tx, agentId, MPESA_LEDGER_NAME);
        const existing = await repo.credentialsOf(tx, agentId);
        const kept = existing ? (JSON.parse(s.open(existing.secrets)) as SealedSecrets).initiator : undefined;
        const initiator =
          input.initiatorName && input.securityCredential
            ? { name: input.initiatorName, securityCredential: input.securityCredential }
            : kept;
        const sealed: SealedSecrets = {
          consumerKey: input.consumerKey,
          consumerSecret: input.consumerSecret,
          passkey: input.passkey,
          ...(initiator ? { initiator } : {}),
        };
        await repo.saveCredentials(tx, {
          agentId,
          shortcode: input.shortcode,
          secrets: s.seal(JSON.stringify(sealed)),
          callbackToken: existing?.callbackToken ?? randomBytes(32).toString('base64url'),
          at: clock.now(),
          by: userNo,
        });
      });
      return this.settings(agentId);
    },

    /** Whether Pay now can be offered for this agency. */
    async enabled(agentId: number) {
      return sealer !== null && (await repo.credentialsOf(db, agentId)) !== null;
    },

    /** Sends the STK Push to the phone and keeps its CheckoutRequestID. */
    async push(r: { agentId: number; tenancyId: number; shillings: number; phone: string; by: number | null; origin: string; language?: Language }) {
      const found = await appOf(r.agentId);
      if (!found) throw new Conflict(STK_MESSAGES.notSet);
      const base = deps.publicUrl() ?? r.origin;
      const now = clock.now();
      let answer;
      try {
        const token = await accessToken(found.app, found.row);
        answer = await daraja.push(
          found.app,
          token,
          {
            amount: r.shillings,
            phone: r.phone,
            callbackUrl: `${base}${callbackPath(found.row.callbackToken)}`,
            accountReference: String(r.tenancyId),
            description: 'Rent',
          },
          now,
        );
      } catch (error) {
        deps.log.warn({ err: error }, 'STK push failed');
        throw new Upstream(STK_MESSAGES.darajaDown);
      }
      if (!answer.ok) {
        deps.log.warn({ status: answer.status, reason: answer.reason }, 'Daraja refused the STK push');
        throw new Upstream(STK_MESSAGES.darajaDown);
      }
      const row = await repo.insertRequest(db, {
        agentId: r.agentId,
        tenancyId: r.tenancyId,
        checkoutRequestId: answer.checkoutRequestId,
        merchantRequestId: answer.merchantRequestId,
        amountCents: r.shillings * 100,
        phone: r.phone,
        at: now,
        by: r.by,
      });
      return stkView(row, r.language);
    },

    async requestOf(tenancyId: number, requestId: number, language: Language = 'en') {
      const row = await repo.requestOf(db, tenancyId, requestId);
      if (!row) throw new NotFound(ANSWER_MESSAGES.paymentRequestNotFound);
      return stkView(row, language);
    },

    async recent(tenancyId: number, language: Language = 'en') {
      return (await repo.recentRequests(db, tenancyId)).map((r) => stkView(r, language));
    },

    /**
     * Daraja's STK callback at the agency's secret address. A body that cannot
     * be read is kept as a rejection; Daraja is always answered in its own format.
     */
    async callback(token: string, rawBody: unknown) {
      const creds = TOKEN.test(token) ? await repo.credentialsByToken(db, token) : null;
      if (!creds) throw new NotFound();
      const text = typeof rawBody === 'string' ? rawBody : '';
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        await repo.storeRejection(db, creds.agentId, 'The body is not JSON', text, clock.now());
        return ACCEPTED;
      }
      const parsed = StkCallback.safeParse(json);
      if (!parsed.success) {
        const reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
        await repo.storeRejection(db, creds.agentId, reason, text, clock.now());
        return ACCEPTED;
      }
      const cb = parsed.data.Body.stkCallback;
      const items = new Map((cb.CallbackMetadata?.Item ?? []).map((i) => [i.Name, i.Value]));
      if (cb.ResultCode !== 0) {
        await settle(creds.agentId, cb.CheckoutRequestID, cb.ResultCode, cb.ResultDesc);
        return ACCEPTED;
      }
      const receipt = String(items.get('MpesaReceiptNumber') ?? '').trim();
      const amount = Number(items.get('Amount'));
      if (!/^[A-Z0-9]{6,20}$/.test(receipt) || !Number.isFinite(amount) || amount <= 0) {
        await repo.storeRejection(db, creds.agentId, 'A paid callback without MpesaReceiptNumber or Amount', text, clock.now());
        return ACCEPTED;
      }
      await settle(creds.agentId, cb.CheckoutRequestID, 0, cb.ResultDesc, {
        receipt,
        amountCents: Math.round(amount * 100),
        transTime: parseTransTime(items.get('TransactionDate')) ?? clock.now(),
        phone: String(items.get('PhoneNumber') ?? ''),
        body: text,
      });
      return ACCEPTED;
    },

    /**
     * Asks Daraja about requests whose callback is a minute late. Its answer
     * carries no MpesaReceiptNumber: a success posts the receipt keyed by the
     * request, and the code, when it arrives, is stored against that receipt.
     */
    async recoverOverdue() {
      const now = clock.now();
      const overdue = await repo.claimOverdue(db, new Date(now.getTime() - QUERY_AFTER_MS), now);
      for (const request of overdue) {
        try {
          if (now.getTime() - request.requestedAt.getTime() > GIVE_UP_MS) {
            await settle(request.agentId, request.checkoutRequestId, 1037, 'No answer from M-Pesa');
            continue;
          }
          const found = await appOf(request.agentId);
          if (!found) continue;
          const answer = await daraja.query(found.app, await accessToken(found.app, found.row), request.checkoutRequestId, now);
          if (answer.settled) await settle(request.agentId, request.checkoutRequestId, answer.resultCode, answer.resultDesc);
        } catch (error) {
          deps.log.warn({ err: error, requestId: request.requestId }, 'STK query failed; asking again later');
        }
      }
      return overdue.length;
    },
  };
}

export type StkService = ReturnType<typeof stkService>;


interface PaidCallback {
  receipt: string;
  amountCents: number;
  transTime: Date;
  phone: string;
  /** The callback as it came, kept with a refusal. */
  body: string;
}

/** The same subscriber whichever way the number is written (07…, 2547…, +2547…). */
const subscriber = (phone: string) => phone.replace(/\D/g, '').slice(-9);

/**
 * Why a paid callback is not taken as its request's payment: a second code
 * for a request a callback paid already, or an amount or phone other than the
 * one asked. (A request paid on the query's answer holds the code of whatever
 * payment covered its receipt; its own callback still brings its own code.)
 */
function heldForReview(request: repo.StkRow, paid: PaidCallback): string | null {
  if (request.mpesaReceiptNumber !== null && request.queryReceiptTxnId === null)
    return `Held for review: a second paid callback (${paid.receipt}) for a request already paid with ${request.mpesaReceiptNumber}`;
  const phone = paid.phone.replace(/\D/g, '');
  if (paid.amountCents === request.amountCents && subscriber(phone) === subscriber(request.phone)) return null;
  return (
    `Held for review: the paid callback (${paid.receipt}) says ${formatKsh(paid.amountCents as Cents)} from ${phone || 'no phone'}; ` +
    `the request asked ${formatKsh(request.amountCents as Cents)} from ${request.phone}`
  );
}
