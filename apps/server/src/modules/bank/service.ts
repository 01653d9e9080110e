import {
  BANK_MESSAGES,
  BANK_PRESET_COLUMNS,
  BankStatementError,
  centsToAmount,
  parseBankStatement,
  receiptNumber,
  startOfEastAfricaDay,
  type BankImportResult,
  type SaveBankAccountRequest,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Statistics } from '../../db/statistics';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { lockReceiptCounter } from '../ledger/posting';
import { RECEIPT_TABLES, writeReceipts } from '../ledger/receipt-writer';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import { readStatementFile } from './file-reader';
import * as repo from './repository';

const MAX_DEPOSITS = 50_000;
const PROBLEMS_SHOWN = 200;

/** What an import writes: analysed after a large one, as the M-Pesa statement import does. */
const IMPORT_TABLES = ['bank_deposits', ...RECEIPT_TABLES];

const accountView = (a: repo.BankAccountRow) => ({
  BankAccountId: a.bankAccountId,
  Name: a.name,
  Preset: a.preset,
  Columns: a.columns,
  LedgerName: a.ledgerName,
});

/**
 * Bank accounts rent is paid into and their statement exports (decision 053):
 * each transaction once per bank account and reference, matched as the
 * paybill matches, posted by the one receipt writer into the account's ledger,
 * dated the day the money came; the rest wait in the unmatched queue.
 */
export function bankService({
  db,
  clock,
  notices,
  statistics,
}: {
  db: Db;
  clock: Clock;
  notices: ReceiptNotifier;
  statistics: Pick<Statistics, 'afterBulkWrite'>;
}) {
  async function requireAccount(agentId: number, bankAccountId: number) {
    const account = await repo.accountOf(db, agentId, bankAccountId);
    if (!account) throw new NotFound(BANK_MESSAGES.accountNotFound);
    return account;
  }

  return {
    async accounts(agentId: number) {
      return (await repo.accountsOf(db, agentId)).map(accountView);
    },

    /** A new bank account (with its ledger), or an existing one's preset and columns. */
    async save(agentId: number, input: SaveBankAccountRequest) {
      const columns = input.columns ?? BANK_PRESET_COLUMNS[input.preset];
      const saved = await db.transaction(async (tx) => {
        if (input.bankAccountId !== undefined) {
          if (!(await repo.accountOf(tx, agentId, input.bankAccountId))) throw new NotFound(BANK_MESSAGES.accountNotFound);
          await repo.updateColumns(tx, { agentId, bankAccountId: input.bankAccountId, preset: input.preset, columns });
          return input.bankAccountId;
        }
        if (await repo.nameTaken(tx, agentId, input.name, null)) throw new Conflict(BANK_MESSAGES.nameTaken);
        const ledgerId = await repo.ensureLedger(tx, agentId, input.name);
        return repo.insertAccount(tx, { agentId, name: input.name, preset: input.preset, columns, ledgerId });
      });
      return accountView((await repo.accountOf(db, agentId, saved))!);
    },

    async deposits(agentId: number, bankAccountId: number) {
      await requireAccount(agentId, bankAccountId);
      return (await repo.depositsOf(db, agentId, bankAccountId)).map((d) => ({
        Reference: d.reference,
        Day: d.paid_on.slice(0, 10),
        Amount: centsToAmount(Number(d.amount_cents)),
        AccountReference: d.account_reference,
        Status: d.status,
        TenancyId: d.tenancy_id === null ? null : Number(d.tenancy_id),
        ReceiptNo: d.receipt_no === null ? null : receiptNumber(Number(d.receipt_no)),
      }));
    },

    /**
     * Reads the file on the server and posts its deposits in one transaction.
     * A file with any unreadable money-in row writes nothing and names the rows.
     */
    async import(agentId: number, caller: Caller, input: { bankAccountId: number; bytes: Buffer }): Promise<BankImportResult> {
      const account = await requireAccount(agentId, input.bankAccountId);
      const rows = await readStatementFile(input.bytes);
      let parsed;
      try {
        parsed = parseBankStatement(rows, account.columns);
      } catch (error) {
        if (error instanceof BankStatementError) throw new Invalid(error.message);
        throw error;
      }
      if (parsed.deposits.length > MAX_DEPOSITS) throw new Invalid(BANK_MESSAGES.tooManyRows);
      const empty = { Receipts: 0, Unmatched: 0, AlreadyImported: 0, ReceiptsAmount: 0, UnmatchedAmount: 0 };
      if (parsed.problems.length > 0)
        return { Imported: false, ...empty, Skipped: parsed.skipped, Problems: parsed.problems.slice(0, PROBLEMS_SHOWN) };
      if (parsed.deposits.length === 0) throw new Invalid(BANK_MESSAGES.noDeposits);

      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        // The counter first, as every receipt writer takes it: one order of locks, no deadlock.
        await lockReceiptCounter(tx, agentId);
        const stored = await repo.storeDeposits(tx, {
          agentId,
          bankAccountId: account.bankAccountId,
          deposits: parsed.deposits,
          importedAt: now,
          importedBy: caller.userNo,
        });
        const matched = stored.filter((d) => d.tenancyId !== null);
        const written = await writeReceipts(tx, {
          agentId,
          postedBy: caller.userNo,
          receipts: matched.map((d) => {
            const day = startOfEastAfricaDay(d.day);
            return {
              tenancyId: d.tenancyId!,
              ledgerId: account.ledgerId,
              paysDeposit: false,
              amount: d.amountCents,
              details: `Bank ${account.name} ${d.reference}`,
              source: { bank: { bankAccountId: account.bankAccountId, reference: d.reference } },
              // A day ahead of ours is a clock or a typing error: money cannot come after we hear of it.
              receivedAt: day < now ? day : now,
            };
          }),
        });
        await notices.enqueue(tx, written.map((w) => w.txnId));
        return { stored, written };
      });
      if (result.written.length > 0) notices.kick();
      await statistics.afterBulkWrite(IMPORT_TABLES, result.stored.length);
      const unmatched = result.stored.filter((d) => d.tenancyId === null);
      const sum = (list: { amount?: number; amountCents?: number }[]) =>
        list.reduce((t, d) => t + (d.amount ?? d.amountCents ?? 0), 0);
      return {
        Imported: true,
        Receipts: result.written.length,
        Unmatched: unmatched.length,
        AlreadyImported: parsed.deposits.length - result.stored.length,
        Skipped: parsed.skipped,
        ReceiptsAmount: centsToAmount(sum(result.written)),
        UnmatchedAmount: centsToAmount(sum(unmatched)),
        Problems: [],
      };
    },
  };
}

export type BankService = ReturnType<typeof bankService>;
