import {
  API,
  B2B_ACCOUNT_MAX,
  MONEY_OUT_MESSAGES,
  PAYOUT_NOT_FOUND,
  STK_MESSAGES,
  bankPaybill,
  centsToAmount,
  mpesaPhone,
  payoutResultText,
  type Cents,
  type Language,
  type MpesaPayoutView,
  type SaveInitiatorRequest,
} from '@makazi/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import { landlordBalance, landlordOfAgent, lockLandlord, postLandlordTxn } from '../landlord-money/journal';
import { closeLandlordMonth } from '../owner-statements/service';
import * as payoutsRepo from '../payouts/repository';
import { liveAccessToken, type SealedSecrets } from '../stk/access-token';
import type { DarajaClient } from '../stk/daraja-client';
import * as stkRepo from '../stk/repository';
import type { Sealer } from '../stk/sealing';
import type { DarajaPayoutClient, Initiator } from './daraja-payouts';
import * as repo from './repository';

/** A result this late is asked about with Transaction Status (and again after as long, while unanswered). */
export const STATUS_AFTER_MS = 10 * 60_000;
/** A queued request this old was left by a run that stopped: it is sent by the background job. */
const STRANDED_AFTER_MS = 60_000;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

type Log = { warn(o: object, m: string): void; info(o: object, m: string): void };

interface DarajaResult {
  code: number;
  desc: string;
  transactionId: string;
  params: Map<string, unknown>;
}

/** Daraja's `{ Result: { ResultCode, ResultDesc, TransactionID, ResultParameters } }`; null when it is not one. */
function readResult(body: unknown): DarajaResult | null {
  let json: unknown = body;
  if (typeof body === 'string') {
    try {
      json = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const result = (json as { Result?: Record<string, unknown> } | null)?.Result;
  if (!result || typeof result !== 'object') return null;
  const code = Number(result.ResultCode);
  if (!Number.isInteger(code)) return null;
  const raw = (result.ResultParameters as { ResultParameter?: unknown } | undefined)?.ResultParameter;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const params = new Map<string, unknown>(
    list.filter((p): p is { Key: string; Value: unknown } => typeof p === 'object' && p !== null && 'Key' in p).map((p) => [String(p.Key), p.Value]),
  );
  return { code, desc: String(result.ResultDesc ?? ''), transactionId: String(result.TransactionID ?? '').trim(), params };
}

const CODE = /^[A-Z0-9]{8,20}$/;

/**
 * Landlord payouts through Daraja (decision 058): B2C to the landlord's phone
 * or B2B to the bank's paybill. A request is written under the run's key
 * before it is sent, sent by whoever claims it from 'queued', and posted only
 * when Daraja's result, or Transaction Status, names the M-Pesa transaction.
 * Nothing here ever sends a request a second time.
 */
export function mpesaPayoutService(deps: {
  db: Db;
  clock: Clock;
  daraja: DarajaClient;
  payouts: DarajaPayoutClient;
  sealer: Sealer | null;
  publicUrl: () => string | undefined;
  log: Log;
  /** After a payout is posted (its advice is emailed); a failure here never fails Daraja's callback. */
  onPaid?: (agentId: number, payoutId: number) => Promise<unknown>;
}) {
  const { db, clock, sealer } = deps;

  async function initiatorOf(agentId: number): Promise<{ app: Initiator; creds: stkRepo.CredentialsRow; token: () => Promise<string> } | null> {
    if (!sealer) return null;
    const creds = await stkRepo.credentialsOf(db, agentId);
    if (!creds) return null;
    // One initiator per agency, kept with the app's other secrets: the Daraja settings card and this module's route both set it.
    const { initiator, ...secrets } = JSON.parse(sealer.open(creds.secrets)) as SealedSecrets;
    if (!initiator) return null;
    const app = { shortcode: creds.shortcode, initiatorName: initiator.name, securityCredential: initiator.securityCredential };
    const token = () => liveAccessToken({ db, sealer, daraja: deps.daraja, clock }, { shortcode: creds.shortcode, ...secrets }, creds);
    return { app, creds, token };
  }

  const path = (template: string, token: string, originator: string) =>
    `/api${template.replace(':token', token).replace(':originator', originator)}`;

  /**
   * Posts a payout Safaricom says was made: the landlord's account debited,
   * the M-Pesa transaction id as its reference, the remitted month closed.
   * The money has left, so no balance check stops it.
   */
  async function postPaid(tx: DbOrTx, row: repo.PayoutRow, transactionId: string, code: number, desc: string, at: Date) {
    const txnId = await postLandlordTxn(tx, {
      agentId: row.agentId,
      kind: 'payout',
      landlordNo: row.landlordNo,
      propId: null,
      tenancyId: null,
      journalTxnId: null,
      postedAt: at,
      moneyDate: row.payoutDate,
      details: `Payout by M-Pesa ${transactionId}`,
      postedBy: row.requestedBy,
      lines: [
        { account: 'landlord', credit: -row.amountCents },
        { account: 'cash', credit: row.amountCents },
      ],
    });
    const payoutId = await payoutsRepo.insertPayout(tx, {
      agentId: row.agentId,
      landlordNo: row.landlordNo,
      amount: row.amountCents,
      payoutDate: row.payoutDate,
      method: row.command === 'BusinessPayBill' ? 'bank' : 'mpesa',
      reference: transactionId,
      key: row.requestKey,
      txnId,
      at,
      by: row.requestedBy,
    });
    if (row.remits)
      await closeLandlordMonth(tx, { agentId: row.agentId, landlordNo: row.landlordNo, month: row.remits, reason: 'remitted', at, by: row.requestedBy });
    await repo.settle(tx, { requestId: row.requestId, status: 'paid', code, desc, transactionId, payoutId, at });
    return payoutId;
  }

  /**
   * Settles a request by Safaricom's word. A success posts once: a second
   * success (a duplicate result, or the result after Transaction Status) finds
   * the request paid. A success after a failure still posts, because the
   * money left. A failure never undoes a payment.
   */
  async function settle(agentId: number, originatorId: string, r: { code: number; desc: string; transactionId: string | null }) {
    const outcome = await settleInTransaction(agentId, originatorId, r);
    if (typeof outcome === 'object' && deps.onPaid)
      await deps.onPaid(agentId, outcome.payoutId).catch((error: unknown) => deps.log.warn({ err: error, agentId }, 'the remittance advice was not emailed'));
    return typeof outcome === 'object' ? ('paid' as const) : outcome;
  }

  async function settleInTransaction(agentId: number, originatorId: string, r: { code: number; desc: string; transactionId: string | null }) {
    return db.transaction(async (tx) => {
      const row = await repo.lockByOriginator(tx, agentId, originatorId);
      if (!row) return 'unknown' as const;
      if (row.status === 'paid') return 'duplicate' as const;
      const at = clock.now();
      if (r.code === 0 && r.transactionId) {
        await lockLandlord(tx, row.landlordNo);
        return { payoutId: await postPaid(tx, row, r.transactionId, r.code, r.desc, at) };
      }
      if (row.status === 'failed') return 'duplicate' as const;
      await repo.settle(tx, { requestId: row.requestId, status: 'failed', code: r.code, desc: r.desc, transactionId: null, payoutId: null, at });
      return 'failed' as const;
    });
  }

  async function agencyOfToken(token: string) {
    const creds = TOKEN.test(token) ? await stkRepo.credentialsByToken(db, token) : null;
    if (!creds) throw new NotFound();
    return creds.agentId;
  }

  const service = {
    async enabled(agentId: number) {
      return (await initiatorOf(agentId)) !== null;
    },

    async initiatorSet(agentId: number) {
      return { initiatorSet: sealer !== null && (await initiatorOf(agentId)) !== null };
    },

    /** The initiator's name and security credential, sealed with the other Daraja secrets, never answered. */
    async saveInitiator(agentId: number, userNo: number, input: z.output<typeof SaveInitiatorRequest>) {
      if (!sealer) throw new Conflict(STK_MESSAGES.notSet);
      await db.transaction(async (tx) => {
        const sealed = await repo.sealedSecretsOf(tx, agentId);
        if (!sealed) throw new Conflict(STK_MESSAGES.notSet);
        const secrets = JSON.parse(sealer.open(sealed)) as SealedSecrets;
        const initiator = { name: input.initiatorName, securityCredential: input.securityCredential };
        await repo.saveSealedSecrets(tx, agentId, sealer.seal(JSON.stringify({ ...secrets, initiator })), clock.now(), userNo);
      });
      return { message: MONEY_OUT_MESSAGES.initiatorSaved, initiatorSet: true };
    },

    /**
     * Writes one landlord's payout request under the run's key, in one
     * transaction with the landlord locked: a second submission (another
     * process, the same run again) finds it and sends nothing. The balance
     * less what is already on its way must cover it.
     */
    async queue(
      agentId: number,
      userNo: number,
      p: {
        landlordNo: number;
        amount: number;
        payoutDate: string;
        remits: string | null;
        key: string;
        method: string;
        phone: string;
        bank: string;
        account: string;
        origin: string;
      },
    ): Promise<{ requestId: number; repeated: boolean } | { payoutId: number; repeated: true }> {
      if (p.amount % 100 !== 0) throw new Invalid(MONEY_OUT_MESSAGES.wholeShillings);
      let command: repo.PayoutRow['command'];
      let partyB: string;
      let accountReference = '';
      if (p.method === 'mpesa') {
        const phone = mpesaPhone(p.phone);
        if (!phone) throw new Invalid(STK_MESSAGES.phone);
        command = 'BusinessPayment';
        partyB = phone;
      } else {
        const paybill = bankPaybill(p.bank);
        if (!paybill) throw new Invalid(MONEY_OUT_MESSAGES.noBankPaybill);
        const account = p.account.replace(/\s/g, '');
        if (account.length > B2B_ACCOUNT_MAX) throw new Invalid(MONEY_OUT_MESSAGES.accountTooLong);
        command = 'BusinessPayBill';
        partyB = paybill;
        accountReference = account;
      }
      return db.transaction(async (tx) => {
        const landlord = await landlordOfAgent(tx, agentId, p.landlordNo);
        if (!landlord) throw new NotFound();
        await lockLandlord(tx, p.landlordNo);
        const earlier = await repo.byKey(tx, agentId, p.key, p.landlordNo);
        if (earlier) return { requestId: earlier.requestId, repeated: true };
        const manual = await payoutsRepo.payoutByKey(tx, agentId, p.key, p.landlordNo);
        if (manual) return { payoutId: manual.payoutId, repeated: true as const };
        const balance = (await landlordBalance(tx, agentId, p.landlordNo)) - (await repo.inFlightCents(tx, agentId, p.landlordNo));
        if (balance <= 0) throw new Invalid(MONEY_OUT_MESSAGES.nothingOwed(-balance as Cents, landlord.name));
        if (p.amount > balance) throw new Invalid(MONEY_OUT_MESSAGES.overBalance(p.amount as Cents, balance as Cents, landlord.name));
        const requestId = await repo.insert(tx, {
          agentId,
          landlordNo: p.landlordNo,
          command,
          amountCents: p.amount,
          partyB,
          accountReference,
          payoutDate: p.payoutDate,
          remits: p.remits,
          key: p.key,
          originatorId: randomUUID(),
          callbackBase: deps.publicUrl() ?? p.origin,
          at: clock.now(),
          by: userNo,
        });
        return { requestId, repeated: false };
      });
    },

    /**
     * Sends a queued request, once: the claim from 'queued' to 'sending' is
     * the only way to it. An answer that does not say whether Daraja took it
     * leaves it 'sending', for Transaction Status to settle.
     */
    async send(requestId: number) {
      const row = await repo.claimForSending(db, requestId, clock.now());
      if (!row) return repo.one(db, requestId);
      const found = await initiatorOf(row.agentId);
      if (!found) {
        await repo.markRefused(db, requestId, 'The M-Pesa initiator is not set', clock.now());
        return repo.one(db, requestId);
      }
      let token: string;
      try {
        token = await found.token();
      } catch (error) {
        // Nothing reached the payment API: the request may be sent again safely, by this claim's owner only.
        deps.log.warn({ err: error, requestId }, 'Daraja OAuth failed; the payout waits to be sent');
        await repo.requeue(db, requestId);
        return repo.one(db, requestId);
      }
      const callback = found.creds.callbackToken;
      const answer = await deps.payouts.send(found.app, token, {
        command: row.command,
        originatorId: row.originatorId,
        amount: row.amountCents / 100,
        partyB: row.partyB,
        accountReference: row.accountReference,
        resultUrl: `${row.callbackBase}${path(API.daraja.payoutResult, callback, row.originatorId)}`,
        timeoutUrl: `${row.callbackBase}${path(API.daraja.payoutTimeout, callback, row.originatorId)}`,
        remarks: `Remittance ${row.payoutDate}`,
      });
      if (answer.outcome === 'accepted') await repo.markAccepted(db, requestId, answer.conversationId);
      else if (answer.outcome === 'refused') await repo.markRefused(db, requestId, answer.reason, clock.now());
      else deps.log.warn({ requestId, reason: answer.reason }, 'Daraja did not say whether it took the payout; Transaction Status will');
      return repo.one(db, requestId);
    },

    /** Daraja's result for a payout. Answered in Daraja's format whatever it says. */
    async result(token: string, originatorId: string, body: unknown) {
      const agentId = await agencyOfToken(token);
      const r = readResult(body);
      if (!r) {
        deps.log.warn({ agentId, originatorId }, 'an M-Pesa payout result that could not be read');
        return ACCEPTED;
      }
      const receipt = r.transactionId || String(r.params.get('TransactionReceipt') ?? '');
      const outcome = await settle(agentId, originatorId, { code: r.code, desc: r.desc, transactionId: CODE.test(receipt) ? receipt : null });
      if (outcome === 'unknown') deps.log.warn({ agentId, originatorId }, 'an M-Pesa payout result for no request of ours');
      return ACCEPTED;
    },

    /** Daraja's queue timed out: the payout may still be made, so Transaction Status is asked at once. */
    async timeout(token: string, originatorId: string) {
      const agentId = await agencyOfToken(token);
      await db.transaction(async (tx) => {
        const row = await repo.lockByOriginator(tx, agentId, originatorId);
        if (row) await repo.markTimedOut(tx, row.requestId);
      });
      return ACCEPTED;
    },

    /** Transaction Status's answer: Completed with a receipt posts; a payout M-Pesa has no record of failed. */
    async statusResult(token: string, originatorId: string, body: unknown) {
      const agentId = await agencyOfToken(token);
      const r = readResult(body);
      if (!r) return ACCEPTED;
      const receipt = String(r.params.get('ReceiptNo') ?? r.transactionId ?? '').trim();
      const state = String(r.params.get('TransactionStatus') ?? '');
      if (r.code === 0 && state === 'Completed' && CODE.test(receipt))
        await settle(agentId, originatorId, { code: 0, desc: r.desc, transactionId: receipt });
      else if (r.code === 0 && state && state !== 'Completed')
        await settle(agentId, originatorId, { code: -3, desc: state, transactionId: null });
      else if (r.code !== 0) await settle(agentId, originatorId, { code: PAYOUT_NOT_FOUND, desc: r.desc, transactionId: null });
      return ACCEPTED;
    },

    /**
     * The background pass: sends requests a stopped run left queued, and asks
     * Transaction Status about results that are overdue. Never sends a
     * request that was claimed for sending.
     */
    async recover() {
      const now = clock.now();
      let done = 0;
      for (const requestId of await repo.strandedQueued(db, new Date(now.getTime() - STRANDED_AFTER_MS))) {
        await service.send(requestId);
        done++;
      }
      for (const requestId of await repo.claimOverdue(db, new Date(now.getTime() - STATUS_AFTER_MS), now)) {
        const row = await repo.one(db, requestId);
        if (!row) continue;
        try {
          const found = await initiatorOf(row.agentId);
          if (!found) continue;
          const callback = found.creds.callbackToken;
          const answer = await deps.payouts.status(found.app, await found.token(), {
            originatorId: row.originatorId,
            resultUrl: `${row.callbackBase}${path(API.daraja.payoutStatus, callback, row.originatorId)}`,
            timeoutUrl: `${row.callbackBase}${path(API.daraja.payoutTimeout, callback, row.originatorId)}`,
          });
          if (answer.outcome !== 'accepted') deps.log.warn({ requestId, reason: answer.reason }, 'Transaction Status not taken; asking again later');
          done++;
        } catch (error) {
          deps.log.warn({ err: error, requestId }, 'Transaction Status failed; asking again later');
        }
      }
      return done;
    },

    async list(agentId: number, language: Language = 'en'): Promise<MpesaPayoutView[]> {
      return (await repo.listOf(db, agentId)).map((r) => view(r, language));
    },
  };
  return service;
}

export function view(r: repo.PayoutRow, language: Language = 'en'): MpesaPayoutView {
  const settled = r.status === 'paid' || r.status === 'failed';
  return {
    RequestId: r.requestId,
    LandlordNo: r.landlordNo,
    Landlord_name: r.landlordName,
    Amount: centsToAmount(r.amountCents as Cents),
    Command: r.command,
    PartyB: r.partyB,
    AccountReference: r.accountReference,
    Status: r.status,
    TransactionId: r.transactionId,
    PayoutId: r.payoutId,
    // A refusal before sending has no code: Safaricom's own words are shown.
    message: settled ? payoutResultText(r.resultCode ?? -2, r.resultDesc, language) : payoutResultText(null, null, language),
    RequestedAt: r.requestedAt.toISOString(),
  };
}

export type MpesaPayoutService = ReturnType<typeof mpesaPayoutService>;
