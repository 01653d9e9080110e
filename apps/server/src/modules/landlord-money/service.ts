import type { AuditService } from '../audit/service';
import {
  LANDLORD_MESSAGES,
  accountingDate,
  accountingMonth,
  amountToCents,
  centsToAmount,
  formatPercent,
  monthBounds,
  toCsv,
  type CsvColumn,
  type IncomeLine,
  type Agreement,
  type LandlordBalance,
  type LandlordSetup,
  type TrustReconciliation,
  type VatReport,
} from '@makazi/domain';
import type { z } from 'zod';
import type { AgreementRequest, TaxPinRequest } from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import type { Caller } from '../../plugins/authenticate';
import { findVat } from '../agents/repository';
import * as repo from './repository';
import { resplitSince, stretchSettled } from './resplit';

type AgreementInput = z.output<typeof AgreementRequest>;
type TaxPinInput = z.output<typeof TaxPinRequest>;

const INCOME_COLUMNS: CsvColumn<IncomeLine>[] = [
  { header: 'Month', kind: 'text', value: (l) => l.Month },
  { header: 'Landlord', kind: 'text', value: (l) => l.Landlord_name },
  { header: 'Property', kind: 'text', value: (l) => l.Property_name },
  { header: 'Commission (Ksh)', kind: 'money', value: (l) => amountToCents(l.Commission) },
];

type VatLine = VatReport['Lines'][number];
const VAT_COLUMNS: CsvColumn<VatLine>[] = [
  { header: 'Date', kind: 'text', value: (l) => l.Date },
  { header: 'Landlord', kind: 'text', value: (l) => l.Landlord_name },
  { header: 'Reference', kind: 'text', value: (l) => l.Reference },
  { header: 'Commission net (Ksh)', kind: 'money', value: (l) => amountToCents(l.Commission) },
  { header: 'VAT (Ksh)', kind: 'money', value: (l) => amountToCents(l.Vat) },
];

export function landlordMoneyService({ db, clock, audit }: { db: Db; clock: Clock; audit?: Pick<AuditService, 'recordReads'> }) {
  return {
    /**
     * A management agreement from a day on. Only agency accounts have them (a
     * landlord's own account keeps all its rent). From a past day of this
     * month while nothing of the landlord's since was paid out or paid to
     * KRA (decision 041): the money collected since is re-split by an entry
     * dated today, in the same transaction; entries already posted never change.
     */
    async saveAgreement(scope: AgentScope, caller: Caller, input: AgreementInput) {
      if (scope.self === 1) throw new Invalid(LANDLORD_MESSAGES.noAgreementsForLandlordAccount);
      const today = accountingDate(clock.now());
      if (input.EffectiveFrom < accountingMonth(clock.now())) throw new Invalid(LANDLORD_MESSAGES.dateInPast);
      return db.transaction(async (tx) => {
        const property = await repo.propertyOf(tx, scope.agentId, input.PropId);
        if (!property) throw new NotFound();
        const past = input.EffectiveFrom <= today;
        // Paid out or filed since that day: the agreement is taken only if it moves nothing already remitted or filed.
        const settled = past && (await stretchSettled(tx, { agentId: scope.agentId, landlordNo: property.landlordNo, from: input.EffectiveFrom }));
        const agreementId = await repo.saveAgreement(tx, {
          agentId: scope.agentId,
          propId: property.propId,
          effectiveFrom: input.EffectiveFrom,
          commissionBp: input.CommissionPercent,
          fixedFeeCents: input.FixedFee ?? 0,
          // No commission takes none of any kind: the record says so, not an empty percentage alone.
          commissionKinds: input.NoCommission ? [] : input.CommissionKinds,
          withholdsTax: input.WithholdTax,
          propertyUse: input.PropertyUse,
          payoutMethod: input.PayoutMethod,
          payoutBank: input.PayoutMethod === 'bank' ? input.PayoutBank : '',
          payoutAccount: input.PayoutMethod === 'bank' ? input.PayoutAccount : '',
          payoutPhone: input.PayoutMethod === 'mpesa' ? input.PayoutPhone : '',
          remittanceDay: input.RemittanceDay,
          approvalThresholdCents: input.ApprovalThreshold ?? null,
          noCommission: input.NoCommission,
          kraAppointedOn: input.KraAppointedOn || null,
          kraAppointmentRef: input.KraAppointmentRef || null,
          createdAt: clock.now(),
          createdBy: caller.userNo,
        });
        if (past) {
          const moves = await resplitSince(tx, {
            agentId: scope.agentId,
            propId: property.propId,
            landlordNo: property.landlordNo,
            from: input.EffectiveFrom,
            today,
            postedAt: clock.now(),
            postedBy: caller.userNo,
            post: !settled,
          });
          if (settled && moves) throw new Invalid(LANDLORD_MESSAGES.stretchSettled);
        }
        return { message: LANDLORD_MESSAGES.saved, AgreementId: agreementId };
      });
    },

    async agreements(agentId: number, propId: number): Promise<Agreement[]> {
      if (!(await repo.propertyOf(db, agentId, propId))) throw new NotFound();
      return (await repo.agreementsOf(db, agentId, propId)).map((r) => ({
        AgreementId: Number(r.agreement_id),
        PropId: Number(r.prop_id),
        EffectiveFrom: String(r.effective_from),
        CommissionPercent: formatPercent(Number(r.commission_bp)),
        FixedFee: centsToAmount(Number(r.fixed_fee_cents)),
        CommissionKinds: r.commission_kinds as string[],
        WithholdTax: Boolean(r.withholds_tax),
        PropertyUse: String(r.property_use),
        PayoutMethod: String(r.payout_method),
        PayoutBank: String(r.payout_bank),
        PayoutAccount: String(r.payout_account),
        PayoutPhone: String(r.payout_phone),
        RemittanceDay: Number(r.remittance_day),
        ApprovalThreshold: r.approval_threshold_cents == null ? null : centsToAmount(Number(r.approval_threshold_cents)),
        NoCommission: Boolean(r.no_commission),
        KraAppointedOn: r.kra_appointed_on == null ? null : String(r.kra_appointed_on),
        KraAppointmentRef: r.kra_appointment_ref == null ? null : String(r.kra_appointment_ref),
      }));
    },

    async saveTaxPin(agentId: number, input: TaxPinInput) {
      if (!(await repo.ownLandlord(db, agentId, input.LandlordNo))) throw new NotFound(LANDLORD_MESSAGES.landlordNotFound);
      await repo.saveTaxPin(db, { agentId, clientNo: input.LandlordNo, pin: input.KraPin, at: clock.now() });
      return { message: LANDLORD_MESSAGES.pinSaved };
    },

    /** What the agency still has to set up before landlord money is right: nothing for a landlord's own account. */
    async setup(scope: AgentScope): Promise<LandlordSetup> {
      if (scope.self === 1) return { Complete: true, MissingAgreements: [], MissingPins: [] };
      const gaps = await repo.setupGaps(db, scope.agentId);
      const MissingAgreements = gaps.agreements.map((r) => ({
        PropId: Number(r.prop_id),
        Property_name: String(r.property_name),
        LandlordNo: Number(r.landlord_no),
        Landlord_name: String(r.full_name),
      }));
      const MissingPins = gaps.pins.map((r) => ({ LandlordNo: Number(r.client_no), Landlord_name: String(r.full_name) }));
      return { Complete: MissingAgreements.length === 0 && MissingPins.length === 0, MissingAgreements, MissingPins };
    },

    async balances(agentId: number): Promise<LandlordBalance[]> {
      const balances = (await repo.balancesOf(db, agentId)).map(toBalance);
      // Each landlord's KRA PIN shown is a read the audit trail keeps, as a client's ID number is.
      const withPin = balances.filter((b) => b.KraPin).map((b) => b.LandlordNo);
      if (withPin.length > 0) await audit?.recordReads(agentId, 'landlord_tax_details', withPin, ['kra_pin']);
      return balances;
    },

    /** Commission earned per month, landlord and property, over whole months (this month when none are named). */
    async income(agentId: number, from?: string, to?: string): Promise<IncomeLine[]> {
      const month = accountingMonth(clock.now()).slice(0, 7);
      const first = monthBounds(from ?? to ?? month).from;
      const last = monthBounds(to ?? from ?? month).to;
      return (await repo.commissionIncome(db, agentId, first, last)).map((r) => ({
        Month: String(r.month),
        LandlordNo: Number(r.landlord_no),
        Landlord_name: String(r.full_name),
        PropId: Number(r.prop_id),
        Property_name: String(r.property_name),
        Commission: centsToAmount(Number(r.commission)),
      }));
    },

    async incomeCsv(agentId: number, from?: string, to?: string) {
      return toCsv(INCOME_COLUMNS, await this.income(agentId, from, to));
    },

    /** The month's output VAT on the agency's fees (decision 054), by the month each entry is booked in. */
    async vatReport(agentId: number, month: string): Promise<VatReport> {
      const rows = await repo.vatLines(db, agentId, `${month}-01`);
      const lines = rows.map((r) => ({
        Date: String(r.money_date),
        LandlordNo: Number(r.landlord_no),
        Landlord_name: String(r.full_name),
        Reference: String(r.reference),
        Commission: centsToAmount(Number(r.commission)),
        Vat: centsToAmount(Number(r.vat)),
      }));
      return {
        Month: month,
        VatPin: (await findVat(db, agentId)).VatPin,
        Commission: centsToAmount(rows.reduce((sum, r) => sum + Number(r.commission), 0)),
        Vat: centsToAmount(rows.reduce((sum, r) => sum + Number(r.vat), 0)),
        Lines: lines,
      };
    },

    async vatReportCsv(agentId: number, month: string) {
      return toCsv(VAT_COLUMNS, (await this.vatReport(agentId, month)).Lines);
    },

    async trust(agentId: number): Promise<TrustReconciliation> {
      return trustReconciliation(db, agentId);
    },
  };
}

/**
 * The trust identity from the books: now, or as they stood before a moment
 * (the end of a day: the client-money reconciliation and the accountant's
 * year-end pack, decision 043). The one formula every trust figure is read from.
 */
export async function trustReconciliation(db: DbOrTx, agentId: number, before: Date | null = null): Promise<TrustReconciliation> {
  return trustFrom(await repo.trustFigures(db, agentId, before));
}

/** The identity itself: what the client account holds (received, brought forward, less paid out) against what it owes. */
export function trustFrom(f: Awaited<ReturnType<typeof repo.trustFigures>>): TrustReconciliation {
  const received = f.received;
  const broughtForward = f.brought_forward_tenants + f.brought_forward_landlords;
  const paidOut = f.paid_tenants + f.paid_landlord_side;
  const held = received + broughtForward - paidOut;
  const owedTotal = f.owed + f.deposits_held + f.tenant_credits + f.passed_on + f.tax_payable + f.commission + f.vat_output;
  return {
    Received: centsToAmount(received),
    BroughtForward: centsToAmount(broughtForward),
    PaidOut: centsToAmount(paidOut),
    FeesTransferred: centsToAmount(f.fees_transferred),
    Held: centsToAmount(held),
    OwedToLandlords: centsToAmount(f.owed),
    DepositsHeld: centsToAmount(f.deposits_held),
    TenantCredits: centsToAmount(f.tenant_credits),
    PassThroughPayable: centsToAmount(f.passed_on),
    TaxPayable: centsToAmount(f.tax_payable),
    CommissionNotTaken: centsToAmount(f.commission),
    VatPayable: centsToAmount(f.vat_output),
    Difference: centsToAmount(held - owedTotal),
  };
}

export function toBalance(r: Record<string, string | number | null>): LandlordBalance {
  return {
    LandlordNo: Number(r.landlord_no),
    Landlord_name: String(r.full_name),
    KraPin: r.kra_pin == null ? null : String(r.kra_pin),
    Collected: centsToAmount(Number(r.collected)),
    Commission: centsToAmount(Number(r.commission)),
    Vat: centsToAmount(Number(r.vat)),
    TaxWithheld: centsToAmount(Number(r.tax_withheld)),
    PassedOn: centsToAmount(Number(r.passed_on)),
    PaidOnward: centsToAmount(Number(r.paid_onward)),
    Expenses: centsToAmount(Number(r.expenses)),
    Payouts: centsToAmount(Number(r.payouts)),
    TaxPaid: centsToAmount(Number(r.tax_paid)),
    Balance: centsToAmount(Number(r.balance)),
  };
}

export type LandlordMoneyService = ReturnType<typeof landlordMoneyService>;
