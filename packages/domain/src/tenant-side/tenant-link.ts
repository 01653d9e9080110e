import { z } from 'zod';
import type { Language } from '../i18n/languages';
import { translatorFor } from '../i18n/translator';
import { TENANT_LINK_MESSAGES } from './tenant-link-messages';

export { TENANT_LINK_MESSAGES };

/** How long a link keeps working after the tenancy is settled (ended). */
export const TENANT_LINK_DAYS_AFTER_SETTLEMENT = 90;

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const tenancyId = z.coerce.number({ error: TENANT_LINK_MESSAGES.tenancyRequired }).int().positive(TENANT_LINK_MESSAGES.tenancyRequired);

/** Sends a new link (any live one stops working): by SMS, email or both. */
export const SendTenantLinkRequest = z
  .object({
    managingAgentId: agentId,
    tenancyId,
    sms: z.boolean().default(true),
    email: z.boolean().default(false),
  })
  .refine((r) => r.sms || r.email, { message: TENANT_LINK_MESSAGES.noChannel, path: ['sms'] });
export type SendTenantLinkRequest = z.input<typeof SendTenantLinkRequest>;

export const TenantLinkQuery = z.object({ managingAgentId: agentId, tenancyId });

export const TenantLinkStatus = z.object({
  live: z.boolean(),
  createdAt: z.string().nullable(),
  /** The address itself, only in the answer that made it: it is never stored in the clear. */
  url: z.string().nullable(),
  sentBy: z.array(z.enum(['sms', 'email'])),
  message: z.string(),
});
export type TenantLinkStatus = z.infer<typeof TenantLinkStatus>;

/** The text a tenant receives with the link. */
export function tenantLinkMessage(firstName: string, agencyName: string, url: string, language: Language = 'en') {
  return translatorFor(language)('tenantPage.sms.link', { name: firstName, agency: agencyName, url });
}

/** The subject of the email that carries the link, in the tenant's language. */
export function tenantLinkSubject(agencyName: string, language: Language = 'en') {
  return translatorFor(language)('tenantPage.sms.linkSubject', { agency: agencyName });
}

/** What the tenant's page shows: one tenancy, nothing of anybody else. */
export const TenantPage = z.object({
  /** The tenant's preferred language: the page is written in it. */
  language: z.enum(['en', 'sw']),
  firstName: z.string(),
  agencyName: z.string(),
  house: z.string(),
  property: z.string(),
  ended: z.boolean(),
  balance: z.number(),
  /** Rent alone: what is owed beyond the deposit and the other charges. */
  rentBalance: z.number(),
  depositDue: z.number(),
  /** Owed on the other charges (service charge, water, penalties), shown apart from rent. */
  chargesDue: z.number(),
  monthLapse: z.number(),
  paybill: z.string().nullable(),
  accountNumber: z.string(),
  payNow: z.boolean(),
  statement: z.array(
    z.object({
      date: z.string(),
      details: z.string(),
      receiptNo: z.string().nullable(),
      transactionId: z.number(),
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
    }),
  ),
});
export type TenantPage = z.infer<typeof TenantPage>;
