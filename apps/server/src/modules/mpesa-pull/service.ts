import {
  API,
  MPESA_MESSAGES,
  centsToAmount,
  parseTransTime,
  type PullResult,
  type PullState,
  type StatusCheckView,
} from '@makazi/domain';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, NotFound, Upstream } from '../../errors';
import { recordPayments } from '../mpesa/recording';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import type { DarajaClient } from '../stk/daraja-client';
import { postingTargets } from '../stk/repository';
import type { StkService } from '../stk/service';
import { pullPage } from './pull-answer';
import * as repo from './repository';

const HOUR = 3600_000;
/** Safaricom keeps the last 48 hours for Pull Transactions; older money shows by statement import. */
export const PULL_REACH_MS = 48 * HOUR;
/** A first pull, with nothing seen before, reads the last day. */
const FIRST_PULL_MS = 24 * HOUR;
/** Each pull starts this long before the last one ended: Safaricom lists a payment a little after it is made. */
const OVERLAP_MS = HOUR;
/** A page cap, so a list that never ends (a broken offset) cannot loop forever. */
const MAX_PAGES = 200;
/** A check without Safaricom's result after this long is shown as unanswered: ask again. */
export const STATUS_WAIT_MS = 5 * 60_000;

const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

const callback = (path: string, token: string) => `/api${path.replace(':token', token)}`;

/**
 * Nothing missed on the way in (issue 37, decision 059): Pull Transactions reads
 * Safaricom's list of the paybill's payments and posts what the C2B
 * confirmations missed through the M-Pesa payments writer, keyed by the code,
 * so a code that came by confirmation, import, STK or an earlier pull posts
 * nothing twice; the rest waits in the unmatched queue. Transaction Status
 * answers, for a code a tenant quotes, whether Safaricom has it.
 */
export function mpesaPullService(deps: {
  db: Db;
  clock: Clock;
  notices: ReceiptNotifier;
  stk: StkService;
  daraja: DarajaClient;
  publicUrl: () => string | undefined;
  log: FastifyBaseLogger;
}) {
  const { db, clock, notices, stk, daraja } = deps;

  async function sessionOf(agentId: number) {
    let session;
    try {
      session = await stk.session(agentId);
    } catch (error) {
      deps.log.warn({ err: error, agentId }, 'Daraja sign-in failed');
      throw new Upstream(MPESA_MESSAGES.pullRefused);
    }
    if (!session) throw new Conflict(MPESA_MESSAGES.darajaNotSet);
    return session;
  }

  async function stateOf(agentId: number): Promise<PullState> {
    const row = await repo.pullStateOf(db, agentId);
    return {
      registered: row.registeredAt !== null,
      lastPulledAt: row.lastPulledAt?.toISOString() ?? null,
      pulledUntil: row.pulledUntil?.toISOString() ?? null,
      lastError: row.lastError,
    };
  }

  /** Reads every page of Safaricom's list between two times. */
  async function readList(session: NonNullable<Awaited<ReturnType<StkService['session']>>>, from: Date, to: Date) {
    const payments = [];
    let listed = 0;
    for (let page = 0, offset = 0; page < MAX_PAGES; page += 1) {
      const answer = await daraja.pullQuery(session.app, session.token, { from, to, offset });
      if (!answer.ok) return { ok: false as const, reason: answer.reason };
      const read = pullPage(answer.body);
      if (read.rows === 0) break;
      listed += read.rows;
      payments.push(...read.payments);
      offset += read.rows;
    }
    // Pages read while new payments arrive can repeat a row: one code is one payment.
    const unique = [...new Map(payments.map((p) => [p.transId, p])).values()];
    return { ok: true as const, payments: unique, listed };
  }

  async function pull(agentId: number): Promise<PullResult> {
    const session = await sessionOf(agentId);
    const before = await repo.pullStateOf(db, agentId);
    if (!before.registeredAt) throw new Conflict(MPESA_MESSAGES.notRegistered);
    const now = clock.now();
    const seen = before.pulledUntil ? before.pulledUntil.getTime() - OVERLAP_MS : now.getTime() - FIRST_PULL_MS;
    // After downtime the pull starts from the last time seen, as far back as Safaricom keeps.
    const from = new Date(Math.max(seen, now.getTime() - PULL_REACH_MS));
    let list;
    try {
      list = await readList(session, from, now);
    } catch (error) {
      list = { ok: false as const, reason: error instanceof Error ? error.message : String(error) };
    }
    if (!list.ok) {
      deps.log.warn({ agentId, reason: list.reason }, 'Pull Transactions failed');
      await repo.markPullFailed(db, agentId, list.reason, now);
      throw new Upstream(MPESA_MESSAGES.pullRefused);
    }
    const payments = list.payments;
    const result = await db.transaction(async (tx) => {
      const targets = await postingTargets(tx, agentId);
      if (!targets) throw new Conflict(MPESA_MESSAGES.notSet);
      const known = await repo.knownCodes(tx, agentId, payments.map((p) => p.transId));
      const recorded = await recordPayments(tx, payments, {
        agentId,
        ledgerId: targets.ledgerId,
        source: 'pull',
        receivedAt: now,
        postedBy: targets.ownerUserNo,
      });
      await notices.enqueue(tx, recorded.txnIds);
      await repo.markPulled(tx, agentId, now, now);
      return {
        posted: recorded.posted,
        unmatched: recorded.stored - recorded.posted - recorded.covered,
        alreadyRecorded: known.size,
      };
    });
    if (result.posted > 0) notices.kick();
    if (result.posted + result.unmatched > 0)
      deps.log.info({ agentId, ...result }, 'Pull Transactions found payments the confirmations missed');
    return { listed: list.listed, ...result, state: await stateOf(agentId) };
  }

  async function view(check: repo.CheckRow): Promise<StatusCheckView> {
    const booked = await repo.bookedFor(db, check.agentId, check.transId);
    const waited = clock.now().getTime() - check.requestedAt.getTime();
    const status =
      check.status === 'found'
        ? 'found'
        : check.status === 'not_found'
          ? 'notFound'
          : check.status === 'timed_out' || waited > STATUS_WAIT_MS
            ? 'unanswered'
            : 'pending';
    return {
      checkId: check.checkId,
      code: check.transId,
      status,
      amount: check.amountCents === null ? null : centsToAmount(check.amountCents),
      account: check.accountReference ?? (status === 'found' ? (booked?.account ?? null) : null),
      completedAt: check.completedAt?.toISOString() ?? null,
      reason: status === 'notFound' ? check.resultDesc : null,
      receiptNo: booked?.receiptNo ?? null,
      unmatched: booked?.status === 'unmatched',
      requestedAt: check.requestedAt.toISOString(),
    };
  }

  /** Reads Daraja's result or timeout body and answers the check it names. */
  async function answer(token: string, rawBody: unknown, timedOut: boolean) {
    const agentId = await stk.agencyOfToken(token);
    if (agentId === null) throw new NotFound();
    const result = statusResultOf(rawBody);
    if (!result) {
      deps.log.warn({ agentId }, 'A Transaction Status result that cannot be read');
      return ACCEPTED;
    }
    const found = !timedOut && result.code === '0';
    const changed = await repo.answerCheck(db, {
      agentId,
      originatorId: result.originatorId,
      conversationId: result.conversationId,
      status: timedOut ? 'timed_out' : found ? 'found' : 'not_found',
      amountCents: found ? result.amountCents : null,
      accountReference: found ? result.account : null,
      completedAt: found ? result.completedAt : null,
      code: result.code,
      desc: result.desc,
      at: clock.now(),
    });
    // A duplicate, or a result for a request we never made, changes nothing and is still acknowledged.
    if (!changed) deps.log.info({ agentId, originatorId: result.originatorId }, 'Transaction Status result for no pending check');
    return ACCEPTED;
  }

  return {
    state: stateOf,
    pull,

    /** Registers the paybill for Pull Transactions with the agency's phone. */
    async register(agentId: number, nominatedNumber: string, origin: string) {
      const session = await sessionOf(agentId);
      if (!(await repo.hasPaybill(db, agentId))) throw new Conflict(MPESA_MESSAGES.notSet);
      const base = deps.publicUrl() ?? origin;
      let answer;
      try {
        answer = await daraja.pullRegister(session.app, session.token, {
          nominatedNumber,
          callbackUrl: `${base}${callback(API.daraja.pullCallback, session.callbackToken)}`,
        });
      } catch (error) {
        answer = { ok: false as const, reason: error instanceof Error ? error.message : String(error) };
      }
      if (!answer.ok) {
        deps.log.warn({ agentId, reason: answer.reason }, 'Pull Transactions registration refused');
        await repo.markPullFailed(db, agentId, answer.reason, clock.now());
        throw new Upstream(MPESA_MESSAGES.pullRefused);
      }
      await repo.markRegistered(db, agentId, clock.now());
      return stateOf(agentId);
    },

    /**
     * The scheduled pull: every agency registered for it, one after another. An
     * agency whose pull fails keeps its error on its row (the screen shows it)
     * and the others still run; the next period reads from the last time seen.
     */
    async pullAll() {
      let failed = 0;
      const agencies = await repo.agenciesToPull(db);
      for (const agentId of agencies) {
        if (!(await repo.pullStateOf(db, agentId)).registeredAt) continue;
        try {
          await pull(agentId);
        } catch (error) {
          failed += 1;
          deps.log.warn({ err: error, agentId }, 'scheduled pull failed; the next one reads from the last time seen');
        }
      }
      return { agencies: agencies.length, failed };
    },

    /** Daraja posting a list to the registered CallBackURL: read like a page of the query's answer. */
    async pullCallback(token: string, rawBody: unknown) {
      const agentId = await stk.agencyOfToken(token);
      if (agentId === null) throw new NotFound();
      const body = jsonOf(rawBody);
      const { payments } = pullPage(body ?? {});
      if (payments.length > 0) {
        const posted = await db.transaction(async (tx) => {
          const targets = await postingTargets(tx, agentId);
          if (!targets) return [];
          const recorded = await recordPayments(tx, payments, {
            agentId,
            ledgerId: targets.ledgerId,
            source: 'pull',
            receivedAt: clock.now(),
            postedBy: targets.ownerUserNo,
          });
          await notices.enqueue(tx, recorded.txnIds);
          return recorded.txnIds;
        });
        if (posted.length > 0) notices.kick();
      }
      return ACCEPTED;
    },

    /**
     * Asks Safaricom about a code. The check is written first, so a result that
     * comes back before Daraja's own answer still finds it; a refusal removes it.
     */
    async checkCode(agentId: number, userNo: number, code: string, origin: string) {
      const session = await sessionOf(agentId);
      if (!session.initiator) throw new Conflict(MPESA_MESSAGES.initiatorNotSet);
      const base = deps.publicUrl() ?? origin;
      const originatorId = `makazi-${randomUUID()}`;
      const check = await repo.insertCheck(db, { agentId, transId: code, originatorId, conversationId: null, at: clock.now(), by: userNo });
      let sent;
      try {
        sent = await daraja.transactionStatus(session.app, session.token, {
          initiator: session.initiator,
          transactionId: code,
          originatorId,
          resultUrl: `${base}${callback(API.daraja.statusResult, session.callbackToken)}`,
          timeoutUrl: `${base}${callback(API.daraja.statusTimeout, session.callbackToken)}`,
        });
      } catch (error) {
        sent = { ok: false as const, reason: error instanceof Error ? error.message : String(error) };
      }
      if (!sent.ok) {
        deps.log.warn({ agentId, reason: sent.reason }, 'Transaction Status refused');
        await repo.deleteCheck(db, check.checkId);
        throw new Upstream(MPESA_MESSAGES.statusRefused);
      }
      if (sent.conversationId) await repo.setConversation(db, check.checkId, sent.conversationId);
      return view((await repo.checkOf(db, agentId, check.checkId))!);
    },

    async check(agentId: number, checkId: number) {
      const check = await repo.checkOf(db, agentId, checkId);
      if (!check) throw new NotFound(MPESA_MESSAGES.checkNotFound);
      return view(check);
    },

    async recentChecks(agentId: number) {
      return Promise.all((await repo.recentChecks(db, agentId)).map(view));
    },

    statusResult: (token: string, rawBody: unknown) => answer(token, rawBody, false),
    statusTimeout: (token: string, rawBody: unknown) => answer(token, rawBody, true),
  };
}

export type MpesaPullService = ReturnType<typeof mpesaPullService>;

function jsonOf(rawBody: unknown): Record<string, unknown> | null {
  try {
    const json: unknown = typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody;
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The account number, when Safaricom's result names one (its key varies by product). */
const ACCOUNT_KEYS = ['BillReferenceNumber', 'BillRefNumber', 'AccountReference', 'AccountNumber'];

/** Daraja's Result body: `Result` { ResultCode, ResultDesc, OriginatorConversationID, ConversationID, ResultParameters }. */
export function statusResultOf(rawBody: unknown) {
  const result = jsonOf(rawBody)?.Result as Record<string, unknown> | undefined;
  if (!result || typeof result !== 'object' || result.OriginatorConversationID == null) return null;
  const list = (result.ResultParameters as { ResultParameter?: unknown } | undefined)?.ResultParameter;
  const items = (Array.isArray(list) ? list : list ? [list] : []) as { Key?: unknown; Value?: unknown }[];
  const values = new Map(items.map((i) => [String(i.Key), i.Value]));
  const amount = Number(values.get('Amount'));
  const account = ACCOUNT_KEYS.map((k) => values.get(k)).find((v) => v !== undefined && v !== null && String(v).trim() !== '');
  return {
    code: String(result.ResultCode ?? ''),
    desc: String(result.ResultDesc ?? ''),
    originatorId: String(result.OriginatorConversationID),
    conversationId: String(result.ConversationID ?? ''),
    amountCents: Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) : null,
    account: account === undefined ? null : String(account).trim().slice(0, 100),
    completedAt: parseTransTime(values.get('FinalisedTime') ?? values.get('InitiatedTime')),
  };
}
