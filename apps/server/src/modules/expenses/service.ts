import {
  EXPENSE_RECEIPT_MAX_BYTES,
  EXPENSE_RECEIPT_TYPES,
  LANDLORD_LINK_MESSAGES,
  MONEY_OUT_MESSAGES,
  accountingDate,
  centsToAmount,
  type Expense,
  type ExpenseRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { landlordBalance, lockLandlord, postLandlordTxn, reverseLandlordTxn } from '../landlord-money/journal';
import * as repo from './repository';

type ExpenseInput = z.output<typeof ExpenseRequest>;

export function expenseService({ db, clock }: { db: Db; clock: Clock }) {
  /** Pays the expense from the landlord's money: refused over what is held for them. */
  async function post(
    tx: DbOrTx,
    e: { agentId: number; landlordNo: number; name: string; propId: number; amount: number; expenseDate: string; payee: string; category: string },
    by: number,
  ) {
    await lockLandlord(tx, e.landlordNo);
    const balance = await landlordBalance(tx, e.agentId, e.landlordNo);
    if (e.amount > balance) throw new Invalid(MONEY_OUT_MESSAGES.expenseOverBalance(e.amount, balance, e.name));
    return postLandlordTxn(tx, {
      agentId: e.agentId,
      kind: 'expense',
      landlordNo: e.landlordNo,
      propId: e.propId,
      tenancyId: null,
      journalTxnId: null,
      postedAt: clock.now(),
      moneyDate: e.expenseDate,
      details: `${e.category[0]!.toUpperCase()}${e.category.slice(1)}: ${e.payee}`,
      postedBy: by,
      lines: [
        { account: 'landlord', credit: -e.amount },
        { account: 'cash', credit: e.amount },
      ],
    });
  }

  /**
   * An expense on a property (optionally one house), in the caller's
   * transaction. Above the agreement's approval amount it waits for the
   * landlord; otherwise it is paid from the landlord's money with it.
   */
  async function recordIn(tx: DbOrTx, agentId: number, userNo: number, input: Omit<ExpenseInput, 'managingAgentId'>) {
    const today = accountingDate(clock.now());
    if (input.ExpenseDate > today) throw new Invalid(MONEY_OUT_MESSAGES.dateInFuture);
    const property = await repo.propertyForExpense(tx, agentId, input.PropId, today);
    if (!property) throw new NotFound();
    if (input.HouseId !== undefined && !(await repo.houseOnProperty(tx, input.HouseId, property.propId))) {
      throw new Invalid(MONEY_OUT_MESSAGES.houseNotOnProperty);
    }
    const awaiting = property.threshold !== null && input.Amount > property.threshold;
    const txnId = awaiting
      ? null
      : await post(
          tx,
          { agentId, ...property, amount: input.Amount, expenseDate: input.ExpenseDate, payee: input.Payee, category: input.Category },
          userNo,
        );
    const expenseId = await repo.insertExpense(tx, {
      agentId,
      propId: property.propId,
      houseId: input.HouseId ?? null,
      landlordNo: property.landlordNo,
      expenseDate: input.ExpenseDate,
      category: input.Category,
      payee: input.Payee,
      amount: input.Amount,
      reference: input.Reference,
      note: input.Note,
      status: awaiting ? 'awaiting_approval' : 'posted',
      txnId,
      at: clock.now(),
      by: userNo,
    });
    return {
      message: awaiting ? MONEY_OUT_MESSAGES.expenseAwaiting : MONEY_OUT_MESSAGES.expenseRecorded,
      ExpenseId: expenseId,
      Status: awaiting ? 'awaiting_approval' : 'posted',
    };
  }

  return {
    recordIn,

    /** An expense the office records on its own: see `recordIn`. */
    async record(agentId: number, caller: Caller, input: ExpenseInput) {
      return db.transaction((tx) => recordIn(tx, agentId, caller.userNo, input));
    },

    /** The landlord's decision on an expense above the approval amount: approved, it is paid now; declined, it never is. */
    async decide(agentId: number, expenseId: number, landlordNo: number, approve: boolean, by: number) {
      return db.transaction(async (tx) => {
        const e = await repo.expenseForUpdate(tx, agentId, expenseId);
        if (!e || e.landlordNo !== landlordNo) throw new NotFound(MONEY_OUT_MESSAGES.expenseNotFound);
        if (e.status !== 'awaiting_approval') throw new Conflict(MONEY_OUT_MESSAGES.notAwaiting);
        if (!approve) {
          await repo.markRejected(tx, e.expenseId, clock.now(), by);
          return { message: LANDLORD_LINK_MESSAGES.declined, Status: 'rejected' };
        }
        const txnId = await post(tx, { agentId, ...e }, by);
        await repo.markPosted(tx, e.expenseId, txnId, clock.now(), by);
        return { message: LANDLORD_LINK_MESSAGES.approved, Status: 'posted' };
      });
    },

    /** The contra entry of a paid expense, with its reason; the expense stays listed as reversed. */
    async reverse(agentId: number, caller: Caller, input: { ExpenseId: number; reason: string }) {
      return db.transaction(async (tx) => {
        const e = await repo.expenseForUpdate(tx, agentId, input.ExpenseId);
        if (!e) throw new NotFound(MONEY_OUT_MESSAGES.expenseNotFound);
        if (e.status === 'reversed') throw new Conflict(MONEY_OUT_MESSAGES.alreadyReversed);
        if (e.status !== 'posted' || e.txnId === null) throw new Invalid(MONEY_OUT_MESSAGES.notPosted);
        const reversal = await reverseLandlordTxn(tx, {
          agentId,
          txnId: e.txnId,
          details: `Reversal of expense ${e.expenseId}: ${input.reason}`,
          postedAt: clock.now(),
          moneyDate: accountingDate(clock.now()),
          postedBy: caller.userNo,
        });
        if (reversal === null) throw new Conflict(MONEY_OUT_MESSAGES.alreadyReversed);
        await repo.markReversed(tx, e.expenseId, reversal, input.reason);
        return { message: MONEY_OUT_MESSAGES.expenseReversed };
      });
    },

    async attachReceipt(agentId: number, expenseId: number, file: { bytes: Buffer; type: string; name: string }) {
      if (!(EXPENSE_RECEIPT_TYPES as readonly string[]).includes(file.type)) throw new Invalid(MONEY_OUT_MESSAGES.receiptType);
      if (file.bytes.length === 0 || file.bytes.length > EXPENSE_RECEIPT_MAX_BYTES) throw new Invalid(MONEY_OUT_MESSAGES.receiptTooLarge);
      if (!(await repo.saveReceipt(db, agentId, expenseId, file))) throw new NotFound(MONEY_OUT_MESSAGES.expenseNotFound);
      return { message: MONEY_OUT_MESSAGES.receiptSaved };
    },

    async receipt(agentId: number, expenseId: number) {
      const r = await repo.receiptOf(db, agentId, expenseId);
      if (!r) throw new NotFound(MONEY_OUT_MESSAGES.expenseNotFound);
      if (!r.receipt_file) throw new NotFound(MONEY_OUT_MESSAGES.noReceipt);
      return { bytes: Buffer.from(r.receipt_file), type: r.receipt_type ?? 'application/octet-stream', name: r.receipt_name ?? `receipt-${expenseId}` };
    },

    async list(agentId: number, landlordNo?: number): Promise<Expense[]> {
      return (await repo.expensesOf(db, agentId, landlordNo)).map(toExpense);
    },
  };
}

export function toExpense(r: Record<string, string | number | boolean | null>): Expense {
  return {
    ExpenseId: Number(r.expense_id),
    PropId: Number(r.prop_id),
    Property_name: String(r.property_name),
    HouseId: r.house_id == null ? null : Number(r.house_id),
    House_number: r.house_number == null ? null : String(r.house_number),
    LandlordNo: Number(r.landlord_no),
    ExpenseDate: String(r.expense_date),
    Category: String(r.category),
    Payee: String(r.payee),
    Amount: centsToAmount(Number(r.amount_cents)),
    Reference: String(r.reference),
    Note: String(r.note),
    Status: String(r.status),
    HasReceipt: Boolean(r.has_receipt),
    ReceiptName: r.receipt_name == null ? null : String(r.receipt_name),
    ReversalReason: r.reversal_reason == null ? null : String(r.reversal_reason),
  };
}

export type ExpenseService = ReturnType<typeof expenseService>;
