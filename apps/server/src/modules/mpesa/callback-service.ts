import { C2B_RESULT, C2BCallback, payerNameOf, storableText } from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isDatabaseUnreachable } from '../../db/errors';
import { Forbidden, NotFound } from '../../errors';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import * as paybills from './paybill-repository';
import * as payments from './payments-repository';
import { recordPayments } from './recording';

export type Endpoint = 'validation' | 'confirmation';
type Answer = { status: 200 | 400; body: { ResultCode: 0 | string; ResultDesc: string } };

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Daraja's C2B callbacks. The token in the path names the agency; only the
 * body's own fields are read, checked against that agency's shortcode. A body
 * that cannot be taken is kept as rejected with the reason; it never fails the
 * request with a 500.
 */
export function callbackService({
  db,
  clock,
  notices,
  log,
}: {
  db: Db;
  clock: Clock;
  notices: ReceiptNotifier;
  log?: { error: (o: object, m: string) => void };
}) {
  async function reject(
    agentId: number,
    endpoint: Endpoint,
    transId: string | null,
    reason: string,
    body: string,
    answer: Answer['body'],
  ): Promise<Answer> {
    // A NUL byte or half a surrogate pair would fail the insert itself: kept visible, never lost.
    await payments.storeRejection(db, {
      agentId,
      endpoint,
      transId: transId === null ? null : storableText(transId),
      reason: storableText(reason),
      body: storableText(body),
      at: clock.now(),
    });
    return { status: 400, body: answer };
  }

  return {
    async handle(endpoint: Endpoint, token: string, rawBody: unknown, ip: string): Promise<Answer> {
      const paybill = TOKEN.test(token) ? await paybills.paybillByToken(db, token) : null;
      if (!paybill) throw new NotFound();
      const allowed = paybill.allowedIps.split(/[\s,]+/).filter((a) => a !== '');
      if (allowed.length > 0 && !allowed.includes(ip))
        throw new Forbidden('This address may not send payments');

      const text = typeof rawBody === 'string' ? rawBody : '';
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return reject(paybill.agentId, endpoint, null, 'The body is not JSON', text, C2B_RESULT.otherError);
      }
      const parsed = C2BCallback.safeParse(json);
      const rawTransId =
        typeof (json as { TransID?: unknown } | null)?.TransID === 'string'
          ? String((json as { TransID: string }).TransID).slice(0, 40)
          : null;
      if (!parsed.success) {
        const reason = parsed.error.issues
          .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
          .join('; ');
        return reject(paybill.agentId, endpoint, rawTransId, reason, text, C2B_RESULT.otherError);
      }
      const c = parsed.data;
      if (c.BusinessShortCode !== paybill.shortcode) {
        return reject(
          paybill.agentId,
          endpoint,
          c.TransID,
          `BusinessShortCode ${c.BusinessShortCode} is not this paybill`,
          text,
          C2B_RESULT.invalidShortcode,
        );
      }

      if (endpoint === 'validation') {
        if (
          paybill.strictValidation &&
          (await payments.matchAccount(db, paybill.agentId, c.BillRefNumber)) === null
        ) {
          return { status: 200, body: C2B_RESULT.invalidAccount };
        }
        return { status: 200, body: C2B_RESULT.accepted };
      }

      let posted: number;
      try {
        posted = await post(paybill, c);
      } catch (error) {
        // Daraja is answered and the body kept for reconciling, whatever went wrong;
        // only an unreachable database is left to the 503 that asks Daraja to resend.
        if (isDatabaseUnreachable(error)) throw error;
        log?.error(
          { err: error, transId: c.TransID },
          'M-Pesa confirmation could not be posted; kept as rejected',
        );
        return reject(
          paybill.agentId,
          endpoint,
          c.TransID,
          'The payment could not be posted; reconcile it by hand',
          text,
          C2B_RESULT.otherError,
        );
      }
      if (posted > 0) notices.kick();
      return { status: 200, body: C2B_RESULT.accepted };
    },
  };

  async function post(paybill: paybills.PaybillRow, c: C2BCallback): Promise<number> {
    return db.transaction(async (tx) => {
      const result = await recordPayments(
        tx,
        [
          {
            transId: c.TransID,
            transTime: c.TransTime,
            amountCents: c.TransAmount,
            accountReference: c.BillRefNumber,
            msisdn: c.MSISDN,
            payerName: payerNameOf(c),
          },
        ],
        {
          agentId: paybill.agentId,
          ledgerId: paybill.ledgerId,
          source: 'callback',
          receivedAt: clock.now(),
          postedBy: paybill.ownerUserNo,
        },
      );
      await notices.enqueue(tx, result.txnIds);
      return result.posted;
    });
  }
}

