import { z } from 'zod';
import { ETIMS_MESSAGES } from './etims-messages';

export { ETIMS_MESSAGES, type EtimsErrorKey } from './etims-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();

export const EtimsQuery = z.object({ managingAgentId: agentId });

/** A device to initialise with KRA (selectInitOsdcInfo): the agency's own (no landlord) or a landlord's registered through the agency. */
export const EtimsDeviceRequest = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce.number().int().positive().nullable().default(null),
  Tin: z.string({ error: ETIMS_MESSAGES.pinInvalid }).trim().toUpperCase().regex(/^[A-Z]\d{9}[A-Z]$/, ETIMS_MESSAGES.pinInvalid),
  BhfId: z.string({ error: ETIMS_MESSAGES.branchInvalid }).trim().regex(/^\d{2}$/, ETIMS_MESSAGES.branchInvalid),
  DeviceSerial: z.string({ error: ETIMS_MESSAGES.serialRequired }).trim().min(1, ETIMS_MESSAGES.serialRequired).max(100, ETIMS_MESSAGES.serialRequired),
});
export type EtimsDeviceRequest = z.input<typeof EtimsDeviceRequest>;

/** What is shown of a device: never its communication key. */
export const EtimsDevice = z.object({
  DeviceId: z.number(),
  LandlordNo: z.number().nullable(),
  Tin: z.string(),
  BhfId: z.string(),
  DeviceSerial: z.string(),
  SdcId: z.string().nullable(),
  TaxpayerName: z.string().nullable(),
  InitialisedAt: z.string(),
});
export type EtimsDevice = z.infer<typeof EtimsDevice>;

export const EtimsFeeInvoicesRequest = z.object({
  managingAgentId: agentId,
  Month: z.string({ error: ETIMS_MESSAGES.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, ETIMS_MESSAGES.monthInvalid),
});
export type EtimsFeeInvoicesRequest = z.input<typeof EtimsFeeInvoicesRequest>;

export const EtimsFeeInvoicesAnswer = z.object({
  message: z.string(),
  Queued: z.number(),
  AlreadyQueued: z.number(),
  WithoutPin: z.array(z.object({ LandlordNo: z.number(), Name: z.string() })),
});

export const EtimsRentInvoicesAnswer = z.object({ message: z.string(), Queued: z.number(), AlreadyQueued: z.number() });

export const EtimsCreditNoteRequest = z.object({
  managingAgentId: agentId,
  InvoiceId: z.coerce.number({ error: ETIMS_MESSAGES.invoiceNotFound }).int().positive(ETIMS_MESSAGES.invoiceNotFound),
});
export type EtimsCreditNoteRequest = z.input<typeof EtimsCreditNoteRequest>;

/** One line of the queue screen: the invoice, where it stands, its trouble in plain words, KRA's answer once there is one. */
export const EtimsInvoice = z.object({
  InvoiceId: z.number(),
  Kind: z.enum(['fee', 'rent', 'credit_note']),
  InvoiceNo: z.number(),
  OriginalInvoiceId: z.number().nullable(),
  LandlordNo: z.number().nullable(),
  BuyerTin: z.string().nullable(),
  BuyerName: z.string().nullable(),
  Month: z.string(),
  Total: z.number(),
  Tax: z.number(),
  Status: z.enum(['queued', 'sent', 'refused']),
  Attempts: z.number(),
  NextTryAt: z.string().nullable(),
  ErrorKey: z.enum(['unreachable', 'overlapped', 'deviceInvalid', 'parameterError', 'refused']).nullable(),
  ErrorDetail: z.string().nullable(),
  ReceiptNo: z.number().nullable(),
  TotalReceiptNo: z.number().nullable(),
  InternalData: z.string().nullable(),
  ReceiptSignature: z.string().nullable(),
  KraDateTime: z.string().nullable(),
  /** What the QR code on the invoice carries: KRA's page that checks the receipt. */
  CheckUrl: z.string().nullable(),
});
export type EtimsInvoice = z.infer<typeof EtimsInvoice>;
