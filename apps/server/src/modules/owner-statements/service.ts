import { findRegistration, findVat } from '../agents/repository';
import type { AuditService } from '../audit/service';
import {
  CLOSED_MONTH_MESSAGES,
  accountingMonth,
  amountToCents,
  centsToAmount,
  englishMessage,
  formatKsh,
  monthBounds,
  translatorFor,
  type OwnerStatement,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Mailer } from '../../plugins/mailer';
import type { Caller } from '../../plugins/authenticate';
import { agencyName, landlordLanguage, landlordOfAgent, lockLandlord } from '../landlord-money/journal';
import * as months from '../landlord-money/months';
import { ownerStatementCsv } from './csv';
import { ownerStatementPdf } from './pdf';
import * as repo from './repository';

const ksh = (amount: number) => formatKsh(amountToCents(amount));

/**
 * The statement as the journals give it now. A closed month's is issued
 * once from here and kept (decision 036); `statement` answers that copy.
 */
async function liveStatement(
  db: DbOrTx,
  agentId: number,
  landlord: { landlordNo: number; name: string },
  m: string,
): Promise<OwnerStatement> {
  const landlordNo = landlord.landlordNo;
  const { from, to } = monthBounds(m);
  const period = { agentId, landlordNo, from, to };
  const f = await repo.accountFigures(db, period);
  const houseRows = await repo.houseFigures(db, period);
  const houses = houseRows.map((h) => ({
    PropId: Number(h.prop_id),
    Property_name: String(h.property_name),
    HouseId: Number(h.house_id),
    House_number: String(h.house_number),
    TenancyId: h.tenancy_id == null ? null : Number(h.tenancy_id),
    Tenant_name: h.full_name == null ? null : String(h.full_name),
    RentCharged: centsToAmount(Number(h.charged)),
    RentCollected: centsToAmount(Number(h.collected)),
    Arrears: centsToAmount(Number(h.arrears)),
    Vacant: Boolean(h.vacant),
  }));
  const expenses = (await repo.expenseLines(db, period)).map((e) => ({
    ExpenseId: Number(e.expense_id),
    Date: String(e.money_date),
    Property_name: String(e.property_name),
    House_number: e.house_number == null ? null : String(e.house_number),
    Category: String(e.category),
    Payee: String(e.payee),
    Amount: centsToAmount(Number(e.amount)),
  }));
  const payouts = (await repo.payoutLines(db, period)).map((p) => ({
    PayoutId: Number(p.payout_id),
    Date: String(p.payout_date),
    Method: String(p.method),
    Reference: String(p.reference),
    Amount: centsToAmount(Number(p.amount_cents)),
  }));
  const paidOnward = (await repo.paidOnwardLines(db, period)).map((x) => ({
    PaymentId: Number(x.payment_id),
    Date: String(x.money_date),
    Property_name: String(x.property_name),
    Charge: String(x.sub_account),
    Charge_name: x.charge_name == null ? null : String(x.charge_name),
    Payee: String(x.payee),
    Method: String(x.method),
    Reference: String(x.reference),
    Amount: centsToAmount(Number(x.amount)),
  }));
  const lateItems = (await repo.lateItems(db, period)).map((x) => ({
    Date: String(x.money_date),
    Concerns: String(x.concerns),
    Kind: String(x.kind) as OwnerStatement['LateItems'][number]['Kind'],
    Details: String(x.details),
    Amount: centsToAmount(Number(x.amount)),
  }));
  const charged = houseRows.reduce((sum, h) => sum + Number(h.charged), 0);
  return {
    Agency: await agencyName(db, agentId),
    AgencyRegistration: await findRegistration(db, agentId),
    LandlordNo: landlord.landlordNo,
    Landlord_name: landlord.name,
    KraPin: await repo.kraPinOf(db, landlordNo),
    Month: m,
    From: from,
    To: to,
    OpeningBalance: centsToAmount(f.opening),
    BroughtForward: centsToAmount(f.broughtForward),
    Houses: houses,
    RentCharged: centsToAmount(charged),
    Collected: centsToAmount(f.collected),
    RentCollected: centsToAmount(f.rentCollected),
    ChargesCollected: centsToAmount(f.collected - f.rentCollected),
    PassedOn: centsToAmount(f.passedOn),
    Commission: centsToAmount(f.commission),
    Vat: centsToAmount(f.vat),
    VatPin: await vatPinIn(db, agentId, to, f.vat),
    TaxWithheld: centsToAmount(f.tax),
    Expenses: expenses,
    ExpensesTotal: centsToAmount(f.expenses),
    Payouts: payouts,
    PayoutsTotal: centsToAmount(f.payouts),
    ClosingBalance: centsToAmount(f.closing),
    PaidOnward: paidOnward,
    PaidOnwardTotal: centsToAmount(paidOnward.reduce((sum, x) => sum + amountToCents(x.Amount), 0)),
    OwedOnward: centsToAmount(f.owedOnward),
    FeesTransferred: centsToAmount(f.feesTransferred),
    VacantHouses: new Set(houses.filter((h) => h.Vacant).map((h) => h.HouseId)).size,
    Closed: false,
    IssuedAt: null,
    LateItems: lateItems,
  };
}

/** The agency's VAT PIN, printed with the VAT line: when it was registered by the statement's last day, or the month holds VAT (a reversal after it stopped). */
async function vatPinIn(db: DbOrTx, agentId: number, lastDay: string, vat: number): Promise<string | null> {
  const r = await findVat(db, agentId);
  return r.VatPin !== null && (vat !== 0 || (r.VatFrom !== null && r.VatFrom <= lastDay)) ? r.VatPin : null;
}

/** Keeps a closed month's statement as it stands now: the paper issued for it. */
async function issue(
  db: DbOrTx,
  agentId: number,
  landlord: { landlordNo: number; name: string },
  m: string,
  at: Date,
) {
  const paper = {
    ...(await liveStatement(db, agentId, landlord, m)),
    Closed: true,
    IssuedAt: at.toISOString(),
  };
  await months.keepPaper(db, {
    agentId,
    landlordNo: landlord.landlordNo,
    month: `${m}-01`,
    paper: 'owner_statement',
    body: paper,
    at,
  });
}

/**
 * Closes a landlord's month (and so every month before it) inside the
 * caller's transaction, and issues its statement as it stands. False when it
 * was already closed. Later postings dated in it are booked into the first
 * open month by the database (migration 0053).
 */
export async function closeLandlordMonth(
  tx: DbOrTx,
  c: {
    agentId: number;
    landlordNo: number;
    month: string;
    reason: months.ClosureReason;
    at: Date;
    by: number;
  },
): Promise<boolean> {
  const landlord = await landlordOfAgent(tx, c.agentId, c.landlordNo);
  if (!landlord) throw new NotFound();
  await lockLandlord(tx, c.landlordNo);
  const through = await months.closedThrough(tx, c.agentId, c.landlordNo);
  if (through !== null && `${c.month}-01` <= through) return false;
  await months.insertClosure(tx, { ...c, month: `${c.month}-01` });
  await issue(tx, c.agentId, landlord, c.month, c.at);
  return true;
}

export function ownerStatementService({
  db,
  clock,
  mailer,
  audit,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  audit?: Pick<AuditService, 'recordReads'>;
}) {
  /** A landlord's KRA PIN shown is personal data read, as a client's ID number is: the audit trail keeps who saw whose. */
  const pinShown = async (agentId: number, s: OwnerStatement) => {
    if (s.KraPin) await audit?.recordReads(agentId, 'landlord_tax_details', [s.LandlordNo], ['kra_pin']);
    return s;
  };
  const service = {
    /**
     * One landlord's month with the agent; the current month when none is
     * named. A closed month answers the paper issued for it, issued now
     * (and kept) when the month was closed by a later one's closing.
     */
    async statement(agentId: number, landlordNo: number, month?: string): Promise<OwnerStatement> {
      const landlord = await landlordOfAgent(db, agentId, landlordNo);
      if (!landlord) throw new NotFound();
      const m = month ?? accountingMonth(clock.now()).slice(0, 7);
      const through = await months.closedThrough(db, agentId, landlordNo);
      if (through === null || `${m}-01` > through) return pinShown(agentId, await liveStatement(db, agentId, landlord, m));
      const key = { agentId, landlordNo, month: `${m}-01`, paper: 'owner_statement' as const };
      const kept = await months.paperOf(db, key);
      if (kept) return pinShown(agentId, kept.body as OwnerStatement);
      await issue(db, agentId, landlord, m, clock.now());
      return pinShown(agentId, (await months.paperOf(db, key))!.body as OwnerStatement);
    },

    async pdf(agentId: number, landlordNo: number, month?: string) {
      // In the landlord's language, whoever downloads it: the agency's copy and the landlord's are one paper.
      const s = await service.statement(agentId, landlordNo, month);
      return ownerStatementPdf(
        s,
        s.IssuedAt ? new Date(s.IssuedAt) : clock.now(),
        await landlordLanguage(db, landlordNo),
      );
    },

    /** The agency closes a month by hand: one that has ended, not yet closed. */
    async close(agentId: number, caller: Caller, input: { LandlordNo: number; month: string }) {
      if (input.month >= accountingMonth(clock.now()).slice(0, 7))
        throw new Invalid(CLOSED_MONTH_MESSAGES.notEnded);
      const closed = await db.transaction((tx) =>
        closeLandlordMonth(tx, {
          agentId,
          landlordNo: input.LandlordNo,
          month: input.month,
          reason: 'by_hand',
          at: clock.now(),
          by: caller.userNo,
        }),
      );
      if (!closed) throw new Conflict(CLOSED_MONTH_MESSAGES.alreadyClosed);
      return { message: CLOSED_MONTH_MESSAGES.closed(input.month) };
    },

    async months(agentId: number, landlordNo: number) {
      if (!(await landlordOfAgent(db, agentId, landlordNo))) throw new NotFound();
      const closures = await months.closuresOf(db, agentId, landlordNo);
      return {
        ClosedThrough: closures[0]?.month ?? null,
        Closures: closures.map((c) => ({ Month: c.month, Reason: c.reason, ClosedAt: c.closedAt })),
      };
    },

    async csv(agentId: number, landlordNo: number, month?: string) {
      return ownerStatementCsv(await service.statement(agentId, landlordNo, month));
    },

    /** The statement as text, with the PDF's figures, to the landlord's email through the outbox. */
    async email(agentId: number, landlordNo: number, month?: string) {
      const s = await service.statement(agentId, landlordNo, month);
      const to = await repo.emailOf(db, landlordNo);
      if (!to || !to.includes('@')) throw new NotFound(englishMessage('messages.ownerStatement.noEmail'));
      const language = await landlordLanguage(db, landlordNo);
      const pdf = await ownerStatementPdf(s, clock.now(), language);
      const t = translatorFor(language);
      const [year, m] = s.Month.split('-');
      const monthName = t('common.monthYear', {
        month: t(`common.months.m${Number(m)}` as 'common.months.m1'),
        year,
      });
      await mailer.send({
        to,
        subject: t('landlordMoney.email.subject', { agency: s.Agency, month: monthName }),
        text: t('landlordMoney.email.body', {
          name: s.Landlord_name,
          month: monthName,
          opening: ksh(s.OpeningBalance),
          rent: ksh(s.RentCollected),
          charges: ksh(s.ChargesCollected),
          passedOn: ksh(s.PassedOn),
          commission: ksh(s.Commission),
          // Only an agency VAT-registered in the month charges it; the others' landlords read nothing of VAT.
          vat: s.Vat === 0 ? '' : t('landlordMoney.email.vat', { vat: ksh(s.Vat) }),
          tax: ksh(s.TaxWithheld),
          expenses: ksh(s.ExpensesTotal),
          payouts: ksh(s.PayoutsTotal),
          closing: ksh(s.ClosingBalance),
          agency: s.Agency,
        }),
        attachments: [
          {
            filename: `owner-statement-${s.LandlordNo}-${s.Month}.pdf`,
            content: pdf,
            contentType: 'application/pdf',
          },
        ],
      });
      return { message: englishMessage('messages.ownerStatement.sent', { email: to }) };
    },
  };
  return service;
}

export type OwnerStatementService = ReturnType<typeof ownerStatementService>;
