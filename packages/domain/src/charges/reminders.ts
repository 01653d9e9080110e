import { z } from 'zod';
import { MoneyAmount } from '../properties/property';
import { REMINDER_MESSAGES } from './reminders-messages';
export { REMINDER_MESSAGES } from './reminders-messages';

/** The words a reminder's wording may hold, each filled per tenant. */
export const REMINDER_PLACEHOLDERS = ['name', 'balance', 'paybill', 'account', 'agency'] as const;

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();

export const ReminderSettingsQuery = z.object({ managingAgentId: agentId });
export const ReminderSettingsRequest = z.object({
  managingAgentId: agentId,
  Active: z.boolean(),
  Days: z
    .array(
      z.coerce
        .number({ error: REMINDER_MESSAGES.dayInvalid })
        .int(REMINDER_MESSAGES.dayInvalid)
        .min(1, REMINDER_MESSAGES.dayInvalid)
        .max(28, REMINDER_MESSAGES.dayInvalid),
    )
    .min(1, REMINDER_MESSAGES.daysRequired)
    .max(28, REMINDER_MESSAGES.dayInvalid)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  /** Blank: the catalogue's wording, in each tenant's language. */
  Template: z
    .string()
    .trim()
    .max(480, REMINDER_MESSAGES.templateTooLong)
    .refine(
      (t) =>
        [...t.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].every((m) =>
          (REMINDER_PLACEHOLDERS as readonly string[]).includes(m[1]!),
        ),
      REMINDER_MESSAGES.templateUnknown,
    )
    .optional()
    .transform((t) => (t ? t : null)),
  MinBalance: MoneyAmount('Minimum balance must be an amount').default(0),
  // The table keeps at most Ksh 1,000.00 a message: a typing slip, not a price.
  SmsPrice: MoneyAmount('Price per SMS must be an amount')
    .refine((c) => c <= 100_000, REMINDER_MESSAGES.priceTooHigh)
    .default(80),
});
export const ReminderSettings = z.object({
  Active: z.boolean(),
  Days: z.array(z.number()),
  Template: z.string().nullable(),
  MinBalance: z.number(),
  SmsPrice: z.number(),
  /** Whether this server can send SMS at all. */
  SmsReady: z.boolean(),
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;
export const ReminderPreview = z.object({
  Today: z.string(),
  ReminderDay: z.boolean(),
  Count: z.number(),
  Messages: z.number(),
  EstimatedCost: z.number(),
  Sample: z.string().nullable(),
});
export const RunRemindersRequest = z.object({ managingAgentId: agentId });
export const RunRemindersResponse = z.object({ message: z.string(), queued: z.number() });
export const ReminderLogQuery = z.object({ managingAgentId: agentId });
export const ReminderLogRow = z.object({
  ReminderId: z.number(),
  Day: z.string(),
  TenancyId: z.number(),
  Tenant_name: z.string(),
  Phone: z.string(),
  Balance: z.number(),
  Status: z.enum(['queued', 'sent', 'delivered', 'failed']),
  FailureReason: z.string().nullable(),
  Cost: z.string().nullable(),
});
export const ReminderOptOutRequest = z.object({
  managingAgentId: agentId,
  TenancyId: z.coerce
    .number({ error: REMINDER_MESSAGES.tenancyNotFound })
    .int()
    .positive(REMINDER_MESSAGES.tenancyNotFound),
  OptOut: z.boolean(),
});

/** Fills a reminder's wording; a placeholder it does not know stays as typed. */
export function reminderText(
  template: string,
  values: Record<(typeof REMINDER_PLACEHOLDERS)[number], string>,
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    key in values ? values[key as keyof typeof values] : whole,
  );
}

/**
 * How many SMS a text costs: 160 characters a part in the GSM alphabet, 153
 * once split; 70 and 67 when it holds any other character (UCS-2).
 */
export function smsParts(text: string): number {
  const gsm = /^[\n\r\x20-\x7E£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà]*$/.test(text);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return text.length <= single ? 1 : Math.ceil(text.length / part);
}
