import { API, MPESA_LEDGER_NAME, MPESA_MESSAGES, type SavePaybillRequest } from '@makazi/domain';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import * as repo from './paybill-repository';

type SaveInput = z.output<typeof SavePaybillRequest>;

/** 32 random bytes, URL-safe: the secret part of an agency's callback URLs. */
export const newCallbackToken = () => randomBytes(32).toString('base64url');

const callbackPath = (path: string, token: string) => `/api${path.replace(':token', token)}`;

export function paybillView(p: repo.PaybillRow | null) {
  return {
    configured: p !== null,
    shortcode: p?.shortcode ?? '',
    strictValidation: p?.strictValidation ?? false,
    allowedIps: p?.allowedIps ?? '',
    ledgerName: p?.ledgerName ?? MPESA_LEDGER_NAME,
    validationPath: p ? callbackPath(API.mpesa.validation, p.callbackToken) : '',
    confirmationPath: p ? callbackPath(API.mpesa.confirmation, p.callbackToken) : '',
  };
}

export function paybillService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async paybillOf(agentId: number) {
      return paybillView(await repo.paybillOf(db, agentId));
    },

    /** Sets the paybill; the first time, it makes the Mpesa ledger and the callback token. */
    async save(agentId: number, caller: Caller, input: SaveInput) {
      return db.transaction(async (tx) => {
        const ledgerId = await repo.ensureLedger(tx, agentId, MPESA_LEDGER_NAME);
        await repo.savePaybill(tx, {
          agentId,
          shortcode: input.shortcode,
          token: newCallbackToken(),
          strictValidation: input.strictValidation,
          allowedIps: input.allowedIps.join(', '),
          ledgerId,
          at: clock.now(),
          by: caller.userNo,
        });
        return paybillView(await repo.paybillOf(tx, agentId));
      });
    },

    /** A new token: the old callback URLs answer 404 from now on, so register the new ones with Safaricom. */
    async rotate(agentId: number, caller: Caller) {
      return db.transaction(async (tx) => {
        if (!(await repo.rotateToken(tx, agentId, newCallbackToken(), clock.now(), caller.userNo)))
          throw new Conflict(MPESA_MESSAGES.notSet);
        return paybillView(await repo.paybillOf(tx, agentId));
      });
    },
  };
}

