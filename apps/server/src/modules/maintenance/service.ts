import {
  ANSWER_MESSAGES,
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  maintenanceStatusSms,
  sniffImage,
  type MaintenanceStatus,
  type MaintenanceExpenseRequest,
  type ReportProblemRequest,
  type UpdateMaintenanceRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { ExpenseService } from '../expenses/service';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import * as repo from './repository';

/**
 * Repairs a tenant reports from the link and the office works through:
 * photos are checked by their bytes, stored with the request, and every
 * status change texts the tenant through the outbox.
 */
export function maintenanceService(deps: {
  db: Db;
  clock: Clock;
  notices: Pick<ReceiptNotifier, 'channels' | 'enqueueSms' | 'kick'>;
  expenses: Pick<ExpenseService, 'recordIn'>;
}) {
  const { db, clock } = deps;
  /** Photos follow their report straight away; later the request is the office's record. */
  const PHOTO_WINDOW_MS = 60 * 60 * 1000;

  return {
    async report(agentId: number, tenancyId: number, input: z.output<typeof ReportProblemRequest>) {
      const at = clock.now();
      const requestId = await repo.insertRequest(db, { agentId, tenancyId, category: input.category, description: input.description, at });
      return { requestId, message: MAINTENANCE_MESSAGES.reported };
    },

    /** One photo of the tenant's new request: an image by its bytes, at most 5 MB, at most three per request. */
    async addPhoto(agentId: number, tenancyId: number, requestId: number, bytes: Buffer) {
      if (bytes.length > MAINTENANCE_LIMITS.photoBytes) throw new Invalid(MAINTENANCE_MESSAGES.photoTooLarge);
      const contentType = sniffImage(bytes);
      if (!contentType) throw new Invalid(MAINTENANCE_MESSAGES.notImage);
      return db.transaction(async (tx) => {
        const request = await repo.lockRequest(tx, agentId, requestId);
        if (!request || request.tenancyId !== tenancyId) throw new NotFound(MAINTENANCE_MESSAGES.notFound);
        if (request.status !== 'new' || clock.now().getTime() - request.createdAt.getTime() > PHOTO_WINDOW_MS)
          throw new Conflict(MAINTENANCE_MESSAGES.photosClosed);
        if ((await repo.photoCount(tx, requestId)) >= MAINTENANCE_LIMITS.photos) throw new Conflict(MAINTENANCE_MESSAGES.tooManyPhotos);
        return { photoId: await repo.insertPhoto(tx, { requestId, agentId, contentType, bytes }) };
      });
    },

    assignees: (agentId: number) => repo.assignees(db, agentId),

    queue: (agentId: number, status?: MaintenanceStatus, propIds: readonly number[] | null = null) =>
      repo.listRequests(db, { agentId, status, propIds }, clock.now()),

    /** The property a request's house is in, for the scope check of a limited caller (decision 061); undefined → none. */
    propertyOfRequest: (requestId: number) => repo.propertyOf(db, { requestId }),
    propertyOfPhoto: (photoId: number) => repo.propertyOf(db, { photoId }),

    async ofTenancy(agentId: number, tenancyId: number) {
      return (await repo.listRequests(db, { agentId, tenancyId }, clock.now())).map((r) => ({
        requestId: r.requestId,
        category: r.category,
        description: r.description,
        status: r.status,
        createdAt: r.createdAt,
        photoIds: r.photoIds,
      }));
    },

    /** Status, assignee and comment in one step; the tenant is texted when the status moves. */
    async update(agentId: number, userNo: number, input: z.output<typeof UpdateMaintenanceRequest>) {
      const changed = await db.transaction(async (tx) => {
        const request = await repo.lockRequest(tx, agentId, input.requestId);
        if (!request) throw new NotFound(MAINTENANCE_MESSAGES.notFound);
        if (input.assignedUserNo != null && !(await repo.isAgencyUser(tx, agentId, input.assignedUserNo)))
          throw new Invalid(MAINTENANCE_MESSAGES.assignee, [{ path: 'assignedUserNo', message: MAINTENANCE_MESSAGES.assignee }]);
        const assigning = input.assignedUserNo != null || (input.contractor ?? '') !== '';
        // Naming somebody moves a new request to assigned without a second click.
        const status = input.status ?? (assigning && request.status === 'new' ? 'assigned' : undefined);
        const at = clock.now();
        await repo.updateRequest(tx, {
          requestId: request.requestId,
          status,
          assignedUserNo: input.assignedUserNo,
          contractor: input.contractor === undefined ? undefined : input.contractor || null,
          at,
        });
        if (input.comment) await repo.insertComment(tx, { requestId: request.requestId, agentId, by: userNo, body: input.comment, at });
        const moved = status !== undefined && status !== request.status;
        // Queued with the change itself: it goes out once this commits, retried until it does, never twice.
        if (moved && request.phone && deps.notices.channels.sms)
          await deps.notices.enqueueSms(tx, agentId, request.phone, maintenanceStatusSms(request.house, request.category, status, request.language));
        return moved;
      });
      if (changed) deps.notices.kick();
      const [item] = await repo.listRequests(db, { agentId, requestId: input.requestId }, clock.now());
      return item!;
    },

    /**
     * The repair's cost as an expense of the request's property and house,
     * paid from the landlord's money (or waiting for approval) in the same
     * transaction that ties it to the request, once per request.
     */
    async recordCost(agentId: number, userNo: number, input: z.output<typeof MaintenanceExpenseRequest>) {
      await db.transaction(async (tx) => {
        const request = await repo.lockRequest(tx, agentId, input.requestId);
        if (!request) throw new NotFound(MAINTENANCE_MESSAGES.notFound);
        const place = await repo.placeOf(tx, request.requestId);
        if (place.expenseId !== null) throw new Conflict(MAINTENANCE_MESSAGES.alreadyExpense);
        const recorded = await deps.expenses.recordIn(tx, agentId, userNo, {
          PropId: place.propId,
          HouseId: place.houseId,
          Category: 'repairs',
          ExpenseDate: input.ExpenseDate,
          Payee: input.Payee,
          Amount: input.Amount,
          Reference: input.Reference,
          Note: (input.Note || `Maintenance request ${request.requestId}: ${place.description}`).slice(0, 500),
        });
        await repo.setExpense(tx, request.requestId, recorded.ExpenseId, clock.now());
      });
      const [item] = await repo.listRequests(db, { agentId, requestId: input.requestId }, clock.now());
      return item!;
    },

    async photo(agentId: number, photoId: number, tenancyId?: number) {
      const photo = await repo.photoOf(db, agentId, photoId, tenancyId);
      if (!photo) throw new NotFound(ANSWER_MESSAGES.photoNotFound);
      return photo;
    },
  };
}

export type MaintenanceService = ReturnType<typeof maintenanceService>;
