import { z } from 'zod';
import type { Language } from '../i18n/languages';
import { translatorFor } from '../i18n/translator';
import { ExpenseRequest } from '../landlord/payouts';
import { MAINTENANCE_MESSAGES } from './messages';

export const MAINTENANCE_CATEGORIES = ['plumbing', 'electrical', 'water', 'security', 'other'] as const;
export const MAINTENANCE_STATUSES = ['new', 'assigned', 'in_progress', 'done', 'declined'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

export const MAINTENANCE_CATEGORY_LABELS: Record<(typeof MAINTENANCE_CATEGORIES)[number], string> = {
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  water: 'Water',
  security: 'Security',
  other: 'Other',
};
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  new: 'New',
  assigned: 'Assigned',
  in_progress: 'In progress',
  done: 'Done',
  declined: 'Declined',
};

export const MAINTENANCE_LIMITS = {
  photos: 3,
  photoBytes: 5 * 1024 * 1024,
  description: 2000,
  comment: 1000,
} as const;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;


/** The tenant's report from the link; its photos follow one by one, each as the raw image body. */
export const ReportProblemRequest = z.object({
  category: z.enum(MAINTENANCE_CATEGORIES, { error: MAINTENANCE_MESSAGES.category }),
  description: z
    .string({ error: MAINTENANCE_MESSAGES.description })
    .trim()
    .min(3, MAINTENANCE_MESSAGES.description)
    .max(MAINTENANCE_LIMITS.description),
});
export type ReportProblemRequest = z.input<typeof ReportProblemRequest>;

/** What the image's first bytes say it is: the declared type is not believed. */
export function sniffImage(bytes: Uint8Array): (typeof PHOTO_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'image/webp';
  return null;
}

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const requestId = z.coerce
  .number({ error: MAINTENANCE_MESSAGES.notFound })
  .int()
  .positive(MAINTENANCE_MESSAGES.notFound);

export const MaintenanceQueueQuery = z.object({
  managingAgentId: agentId,
  status: z.enum(MAINTENANCE_STATUSES).optional(),
});

export const UpdateMaintenanceRequest = z.object({
  managingAgentId: agentId,
  requestId,
  status: z.enum(MAINTENANCE_STATUSES).optional(),
  assignedUserNo: z.coerce.number().int().positive().nullable().optional(),
  contractor: z.string().trim().max(200).nullable().optional(),
  comment: z.string().trim().max(MAINTENANCE_LIMITS.comment).optional(),
});
export type UpdateMaintenanceRequest = z.input<typeof UpdateMaintenanceRequest>;

/** A repair's cost recorded as the expense of the request's property and house (category repairs). */
export const MaintenanceExpenseRequest = ExpenseRequest.pick({ ExpenseDate: true, Payee: true, Amount: true, Reference: true, Note: true }).extend({
  managingAgentId: agentId,
  requestId,
});
export type MaintenanceExpenseRequest = z.input<typeof MaintenanceExpenseRequest>;

export const MaintenanceExpense = z.object({ ExpenseId: z.number(), Amount: z.number(), Status: z.string() });

export const MaintenancePhotoQuery = z.object({ managingAgentId: agentId, photoId: z.coerce.number().int().positive() });

export const MaintenanceComment = z.object({ body: z.string(), at: z.string(), by: z.string() });

export const MaintenanceItem = z.object({
  requestId: z.number(),
  tenancyId: z.number(),
  house: z.string(),
  property: z.string(),
  tenantName: z.string(),
  category: z.enum(MAINTENANCE_CATEGORIES),
  description: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  assignedUserNo: z.number().nullable(),
  assignedName: z.string().nullable(),
  contractor: z.string().nullable(),
  createdAt: z.string(),
  ageDays: z.number(),
  photoIds: z.array(z.number()),
  comments: z.array(MaintenanceComment),
  /** The property expense the repair's cost was recorded as, if it was. */
  expense: MaintenanceExpense.nullable(),
});
export type MaintenanceItem = z.infer<typeof MaintenanceItem>;

/** What the tenant sees of a request: no names of office staff. */
export const TenantMaintenanceItem = z.object({
  requestId: z.number(),
  category: z.enum(MAINTENANCE_CATEGORIES),
  description: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  createdAt: z.string(),
  photoIds: z.array(z.number()),
});

export function maintenanceStatusSms(
  house: string,
  category: (typeof MAINTENANCE_CATEGORIES)[number],
  status: MaintenanceStatus,
  language: Language = 'en',
) {
  const t = translatorFor(language);
  return t('tenantPage.sms.repairStatus', {
    category: t(`tenantPage.categories.${category}`).toLowerCase(),
    house,
    status: t(`tenantPage.statuses.${status}`),
  });
}

/** Who a request may be assigned to: the agency's owner and its hired users with access on. */
export const MaintenanceAssignee = z.object({ userNo: z.number(), name: z.string() });
export type MaintenanceAssignee = z.infer<typeof MaintenanceAssignee>;
