import { ANSWER_MESSAGES, STK_MESSAGES, translateMessage, translatorFor, type PayNowRequest, type ReportProblemRequest, type TenantDataRequest } from '@makazi/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { Conflict, NotFound } from '../../errors';
import type { MaintenanceService } from '../maintenance/service';
import { statementLines } from '../statements/repository';
import { statementPdf } from '../statements/pdf';
import type { StkService } from '../stk/service';
import type { TenancyService } from '../tenancies/service';
import { receiptPdf } from '../tenant-links/receipt-pdf';
import type { TenantLinkService } from '../tenant-links/service';
import type { Clock } from '../../clock';
import { findRegistration } from '../agents/repository';
import type { DataProtectionService } from '../data-protection/service';

/** Everything the tenant's page does, each step opening the link first: one tenancy, nothing else. */
export function tenantPageService(deps: {
  db: Db;
  clock: Clock;
  links: TenantLinkService;
  stk: StkService;
  maintenance: MaintenanceService;
  tenancies: Pick<TenancyService, 'one'>;
  dataProtection: DataProtectionService;
}) {
  const { links, stk, maintenance } = deps;

  return {
    async view(token: string, ip: string) {
      const link = await links.open(token, ip);
      const page = await links.page(link);
      return {
        ...page,
        payNow: (await stk.enabled(link.agentId)) && !(page.ended && page.balance <= 0),
        payments: await stk.recent(link.tenancyId, page.language),
        maintenance: await maintenance.ofTenancy(link.agentId, link.tenancyId),
        dataRequests: await deps.dataProtection.requestsOfTenancy(link.agentId, link.tenancyId),
      };
    },

    async statementPdf(token: string, ip: string) {
      const link = await links.open(token, ip);
      const tenancy = await deps.tenancies.one(link.scope, link.tenancyId);
      const lines = await statementLines(deps.db, link.tenancyId);
      const registration = await findRegistration(deps.db, link.agentId);
      return { pdf: await statementPdf(tenancy, lines, deps.clock.now(), await links.languageOf(link), registration), tenancyId: link.tenancyId };
    },

    async receiptPdf(token: string, ip: string, txnId: number) {
      const link = await links.open(token, ip);
      const line = (await statementLines(deps.db, link.tenancyId)).find((l) => l.TransactionId === txnId && l.ReceiptNo !== null && l.Credit > 0);
      if (!line) throw new NotFound(ANSWER_MESSAGES.receiptNotFound);
      const tenancy = await deps.tenancies.one(link.scope, link.tenancyId);
      const pdf = await receiptPdf(
        { agencyName: tenancy.ManagingAgentName, registration: await findRegistration(deps.db, link.agentId), tenantName: tenancy.Tenant_name, house: tenancy.House_number, property: tenancy.Property_name, line },
        await links.languageOf(link),
      );
      return { pdf, receiptNo: line.ReceiptNo! };
    },

    async pay(token: string, ip: string, input: z.output<typeof PayNowRequest>, origin: string) {
      const link = await links.open(token, ip);
      const page = await links.page(link);
      if (page.ended && page.balance <= 0) throw new Conflict(STK_MESSAGES.ended);
      return stk.push({
        agentId: link.agentId,
        tenancyId: link.tenancyId,
        shillings: input.amount,
        phone: input.phone,
        by: null,
        origin,
        language: page.language,
      });
    },

    async payment(token: string, ip: string, requestId: number) {
      const link = await links.open(token, ip);
      return stk.requestOf(link.tenancyId, requestId, await links.languageOf(link));
    },

    async report(token: string, ip: string, input: z.output<typeof ReportProblemRequest>) {
      const link = await links.open(token, ip);
      const reported = await maintenance.report(link.agentId, link.tenancyId, input);
      // The page's script shows this answer as it comes: in the tenant's language.
      return { ...reported, message: translateMessage(translatorFor(await links.languageOf(link)), reported.message) };
    },

    async addPhoto(token: string, ip: string, requestId: number, bytes: Buffer) {
      const link = await links.open(token, ip);
      return maintenance.addPhoto(link.agentId, link.tenancyId, requestId, bytes);
    },

    /** The tenant's own request about their personal data: the office's clock starts now. */
    async dataRequest(token: string, ip: string, input: z.output<typeof TenantDataRequest>) {
      const link = await links.open(token, ip);
      const saved = await deps.dataProtection.requestFromLink(link.agentId, link.tenancyId, input);
      return { ...saved, message: translateMessage(translatorFor(await links.languageOf(link)), saved.message) };
    },

    /** Everything the agency holds about the link's tenant: theirs to see and take away. */
    async myData(token: string, ip: string) {
      const link = await links.open(token, ip);
      return { data: await deps.dataProtection.exportOfTenancy(link.agentId, link.tenancyId), tenancyId: link.tenancyId };
    },

    async myDataPdf(token: string, ip: string) {
      const { data, tenancyId } = await this.myData(token, ip);
      return { pdf: await deps.dataProtection.pdf(data), tenancyId };
    },

    async photo(token: string, ip: string, photoId: number) {
      const link = await links.open(token, ip);
      return maintenance.photo(link.agentId, photoId, link.tenancyId);
    },
  };
}

export type TenantPageService = ReturnType<typeof tenantPageService>;
