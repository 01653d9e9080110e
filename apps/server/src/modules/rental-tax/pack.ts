import {
  DEFAULT_REMITTANCE_RULE,
  LANDLORD_MESSAGES,
  REMITTANCE_RULES,
  accountingDate,
  accountingMonth,
  centsToAmount,
  formatPercent,
  latePenalty,
  monthBounds,
  shareOf,
  toCsv,
  withholdingDueDate,
  type CsvColumn,
  type PropertyTaxRefRequest,
  type RemittanceRule,
  type RentalTaxPack,
  type RentalTaxPackLine,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import type { AuditService } from '../audit/service';
import { findRegistration } from '../agents/repository';
import { agencyName } from '../landlord-money/journal';
import { rentalTaxPackPdf } from './pack-pdf';
import * as repo from './repository';

const str = (v: unknown) => (v == null ? null : String(v));

/**
 * The pack's sheet, in the order eRITS and iTax's rent-withholding
 * registration ask for them: the landlord (PIN, name), the property (LR
 * number, eRITS reference), the tenant (PIN, name), the month's gross rent and
 * the tax; then what the agency withheld, when, and its payment (decision 055).
 */
const PACK_COLUMNS: CsvColumn<RentalTaxPackLine>[] = [
  { header: 'Landlord PIN', kind: 'text', value: (l) => l.Landlord_pin ?? '' },
  { header: 'Landlord name', kind: 'text', value: (l) => l.Landlord_name },
  { header: 'LR number', kind: 'text', value: (l) => l.Lr_number ?? '' },
  { header: 'eRITS property reference', kind: 'text', value: (l) => l.Erits_ref ?? '' },
  { header: 'Property', kind: 'text', value: (l) => l.Property_name ?? '' },
  { header: 'Tenant PIN', kind: 'text', value: (l) => l.Tenant_pin ?? '' },
  { header: 'Tenant name', kind: 'text', value: (l) => (l.Nil ? 'NIL' : (l.Tenant_name ?? '')) },
  { header: 'Use', kind: 'text', value: (l) => (l.Commercial ? 'commercial' : 'residential') },
  { header: 'Gross rent (Ksh)', kind: 'money', value: (l) => Math.round(l.GrossRent * 100) },
  { header: 'Rate (%)', kind: 'text', value: (l) => l.RatePercent },
  { header: 'Tax (Ksh)', kind: 'money', value: (l) => Math.round(l.Tax * 100) },
  { header: 'Withheld (Ksh)', kind: 'money', value: (l) => Math.round(l.Withheld * 100) },
  { header: 'Withheld on', kind: 'text', value: (l) => l.WithheldOn ?? '' },
  { header: 'Due by', kind: 'text', value: (l) => l.DueBy ?? '' },
  { header: 'Paid on', kind: 'text', value: (l) => l.PaidOn ?? '' },
  { header: 'PRN', kind: 'text', value: (l) => l.Prn ?? '' },
  { header: 'Days late', kind: 'text', value: (l) => String(l.DaysLate) },
  { header: 'Penalty so far (Ksh)', kind: 'money', value: (l) => Math.round(l.Penalty * 100) },
];

export function rentalTaxPack({ db, clock, audit }: { db: Db; clock: Clock; audit?: Pick<AuditService, 'recordReads'> }) {
  const ruleOf = async (agentId: number): Promise<RemittanceRule> => {
    const saved = await repo.remittanceRule(db, agentId);
    return REMITTANCE_RULES.find((r) => r === saved) ?? DEFAULT_REMITTANCE_RULE;
  };

  const pack = {
    settings: async (agentId: number) => ({ RemittanceRule: await ruleOf(agentId) }),

    async saveSettings(agentId: number, caller: Caller, rule: RemittanceRule) {
      await repo.saveRemittanceRule(db, agentId, rule, clock.now(), caller.userNo);
      return { RemittanceRule: rule };
    },

    async savePropertyTaxRef(agentId: number, input: z.output<typeof PropertyTaxRefRequest>) {
      const saved = await repo.savePropertyTaxRef(db, agentId, input.PropId, input.Lr_number || null, input.Erits_ref || null);
      if (!saved) throw new NotFound();
      return { message: LANDLORD_MESSAGES.taxRefSaved };
    },

    /**
     * The month's rental-tax pack: each landlord's tenants with their PINs,
     * the rent received from each, the tax and what was withheld and when, and
     * what lateness costs under KRA's penalty; a NIL line for a landlord with
     * no rent in the month.
     */
    async pack(agentId: number, month?: string): Promise<RentalTaxPack> {
      const m = month ?? accountingMonth(clock.now()).slice(0, 7);
      const { from, to } = monthBounds(m);
      const today = accountingDate(clock.now());
      const rule = await ruleOf(agentId);
      const landlords = await repo.packLandlords(db, agentId, from, to);
      const rows = await repo.packLines(db, agentId, from);
      const lines: RentalTaxPackLine[] = [];
      for (const l of landlords) {
        const landlordNo = Number(l.landlord_no);
        const rate = Number(l.rate_bp ?? 0);
        const base = {
          LandlordNo: landlordNo,
          Landlord_name: String(l.full_name),
          Landlord_pin: str(l.kra_pin),
          Appointment_ref: str(l.appointment_ref),
          RatePercent: formatPercent(rate),
          PaidOn: str(l.paid_on),
          Prn: str(l.prn),
          Reference: str(l.reference),
        };
        const own = rows.filter((r) => Number(r.landlord_no) === landlordNo);
        if (own.length === 0) {
          lines.push({
            ...base,
            PropId: null,
            Property_name: null,
            Lr_number: null,
            Erits_ref: null,
            TenancyId: null,
            Tenant_name: null,
            Tenant_pin: null,
            Commercial: false,
            Nil: true,
            GrossRent: 0,
            Tax: 0,
            Withheld: 0,
            WithheldOn: null,
            DueBy: null,
            DaysLate: 0,
            Penalty: 0,
          });
          continue;
        }
        for (const r of own) {
          const gross = Number(r.gross);
          const withheld = Number(r.withheld);
          const commercial = r.commercial === true;
          const withheldOn = str(r.withheld_on);
          const dueBy = withheld > 0 ? withholdingDueDate(m, withheldOn, rule) : null;
          const late = dueBy ? latePenalty(withheld, dueBy, base.PaidOn, today) : { daysLate: 0, penalty: 0 };
          lines.push({
            ...base,
            PropId: r.prop_id == null ? null : Number(r.prop_id),
            Property_name: str(r.property_name),
            Lr_number: str(r.lr_number),
            Erits_ref: str(r.erits_ref),
            TenancyId: r.tenancy_id == null ? null : Number(r.tenancy_id),
            Tenant_name: str(r.tenant_name),
            Tenant_pin: str(r.tenant_pin),
            Commercial: commercial,
            Nil: false,
            GrossRent: centsToAmount(gross),
            // Commercial rent is outside MRI: its line is there for the tenant's PIN, with no tax.
            Tax: centsToAmount(commercial ? 0 : shareOf(gross, rate)),
            Withheld: centsToAmount(withheld),
            WithheldOn: withheldOn,
            DueBy: dueBy,
            DaysLate: late.daysLate,
            Penalty: centsToAmount(late.penalty),
          });
        }
      }
      // Landlords' and tenants' KRA PINs shown: reads the audit trail keeps, as for every way out of the MRI report.
      const landlordPins = [...new Set(lines.filter((l) => l.Landlord_pin).map((l) => l.LandlordNo))];
      if (landlordPins.length > 0) await audit?.recordReads(agentId, 'landlord_tax_details', landlordPins, ['kra_pin']);
      const tenantPins = [...new Set(rows.filter((r) => r.tenant_pin).map((r) => Number(r.tenant_no)))];
      if (tenantPins.length > 0) await audit?.recordReads(agentId, 'clients', tenantPins, ['kra_pin']);
      const late = lines.filter((l) => l.DaysLate > 0);
      return {
        Month: m,
        RemittanceRule: rule,
        Lines: lines,
        LateCount: late.length,
        PenaltyTotal: centsToAmount(late.reduce((sum, l) => sum + Math.round(l.Penalty * 100), 0)),
      };
    },

    async packCsv(agentId: number, month?: string) {
      return toCsv(PACK_COLUMNS, (await pack.pack(agentId, month)).Lines);
    },

    async packPdf(agentId: number, month?: string) {
      const data = await pack.pack(agentId, month);
      return rentalTaxPackPdf(data, await agencyName(db, agentId), clock.now(), await findRegistration(db, agentId));
    },
  };
  return pack;
}
