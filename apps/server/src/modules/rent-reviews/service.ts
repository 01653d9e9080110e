import {
  RENT_REVIEW_MESSAGES,
  ROLE_LISTS,
  accountingDate,
  accountingMonth,
  addYears,
  centsToAmount,
  formatDay,
  formatKsh,
  monthLabel,
  nextAnniversary,
  rentNoticeDay,
  rentWithinLimit,
  reviewEffectiveMonth,
  reviewedRent,
  translatorFor,
  type RentHistory,
  type RentIncrease,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import { lockAgentRuns } from '../invoicing/repository';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import { requireManaged, tenancyFor } from '../tenancies/view';
import * as repo from './repository';

type Terms = { Date: string; Percent?: number; Amount?: number; Yearly?: boolean };
type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

function increaseOf(terms: Terms): RentIncrease {
  if (terms.Percent != null) return { percentBp: Math.round(terms.Percent * 100), increaseCents: null };
  return { percentBp: null, increaseCents: terms.Amount! };
}

/** Serialises review writes with the agency's monthly run (PostgreSQL): a month is never charged while its rent changes. */
async function lockRuns(tx: DbOrTx, agentId: number, kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') await lockAgentRuns(tx, agentId);
}

/**
 * Works every review not yet charged out again from the rent before it,
 * oldest first: a review changed or cancelled moves the figures of the ones
 * after it, never a month already charged.
 */
async function refigure(tx: DbOrTx, tenancyId: number) {
  const terms = await repo.tenancyTerms(tx, tenancyId);
  let rent = terms.startRentCents;
  for (const r of await repo.reviewsOf(tx, tenancyId)) {
    const charged = terms.chargedThrough !== null && r.effectiveMonth <= terms.chargedThrough;
    if (!charged) {
      const next = reviewedRent(rent, r.increaseCents === null ? { percentBp: r.percentBp!, increaseCents: null } : { percentBp: null, increaseCents: r.increaseCents });
      if (!rentWithinLimit(next)) throw new Invalid(RENT_REVIEW_MESSAGES.tooLarge);
      if (next !== r.rentCents) await repo.setRent(tx, r.reviewId, next);
      rent = next;
    } else rent = r.rentCents;
  }
}

/**
 * Adds next year's review for each yearly one whose repetition takes effect
 * by `until` (an effective month), again and again for years missed. The
 * repetition is unique per review, so two processes add it once.
 */
export async function repeatYearly(tx: DbOrTx, until: string, at: Date, filter: { agentId?: number; tenancyId?: number }) {
  for (let round = 0; round < 100; round++) {
    let added = 0;
    for (const r of await repo.yearlyToRepeat(tx, filter)) {
      const reviewDate = addYears(r.reviewDate, 1);
      const effectiveMonth = reviewEffectiveMonth(reviewDate);
      if (effectiveMonth > until) continue;
      const increase: RentIncrease = r.percentBp !== null ? { percentBp: r.percentBp, increaseCents: null } : { percentBp: null, increaseCents: r.increaseCents! };
      const rentCents = reviewedRent(r.rentCents, increase);
      // A rent beyond the ledger's limit stops the yearly run; the office sets the next rent by hand.
      if (!rentWithinLimit(rentCents)) continue;
      const id = await repo.insertReview(tx, {
        agentId: r.agentId,
        tenancyId: r.tenancyId,
        reviewDate,
        effectiveMonth,
        ...increase,
        yearly: true,
        rentCents,
        createdBy: r.createdBy,
        followsReviewId: r.reviewId,
        at,
      });
      if (id !== null) added++;
    }
    if (added === 0) return;
  }
}

/** Rent reviews: a tenancy's rent history, reviews scheduled, changed and cancelled, and the tenant's notice 30 days ahead. */
export function rentReviewService({
  db,
  clock,
  kind,
  notices,
}: {
  db: Db;
  clock: Clock;
  kind: 'pglite' | 'postgres';
  notices: Pick<ReceiptNotifier, 'enqueueSms' | 'kick'>;
}) {
  /** Where a review's date may fall: not before the tenancy starts, not in a month already charged. */
  function checkDate(terms: Awaited<ReturnType<typeof repo.tenancyTerms>>, day: string) {
    if (day < terms.startDay) throw new Invalid(RENT_REVIEW_MESSAGES.beforeStart);
    const month = reviewEffectiveMonth(day);
    if (terms.chargedThrough !== null && month <= terms.chargedThrough) throw new Conflict(RENT_REVIEW_MESSAGES.alreadyCharged);
    return month;
  }

  async function managedTenancy(tx: DbOrTx, scope: AgentScope, tenancyId: number) {
    const access = await tenancyFor(tx, scope, tenancyId, true);
    requireManaged(access);
    if (access.endedAt) throw new Conflict(RENT_REVIEW_MESSAGES.ended);
    await lockRuns(tx, access.agentId, kind);
    return access;
  }

  return {
    async history(scope: AgentScope, tenancyId: number): Promise<RentHistory> {
      const access = await tenancyFor(db, scope, tenancyId);
      const terms = await repo.tenancyTerms(db, tenancyId);
      const reviews = await repo.reviewsOf(db, tenancyId);
      const month = accountingMonth(clock.now());
      const charged = (m: string) => terms.chargedThrough !== null && m <= terms.chargedThrough;
      const current = reviews.filter((r) => r.effectiveMonth <= month).at(-1)?.rentCents ?? terms.startRentCents;
      return {
        TenancyId: tenancyId,
        StartDate: terms.startDay,
        CurrentRent: centsToAmount(current),
        ChargedThrough: terms.chargedThrough,
        CanReview: access.managed && !access.endedAt && (ROLE_LISTS.adminOnlyAllowed as readonly number[]).includes(scope.role),
        Rents: [
          {
            FromMonth: terms.firstMonth,
            Rent: centsToAmount(terms.startRentCents),
            ReviewId: null,
            ReviewDate: null,
            Percent: null,
            Increase: null,
            Yearly: false,
            Status: 'charged' as const,
            NoticeDay: null,
            NoticeSent: false,
          },
          ...reviews.map((r) => ({
            FromMonth: r.effectiveMonth,
            Rent: centsToAmount(r.rentCents),
            ReviewId: r.reviewId,
            ReviewDate: r.reviewDate,
            Percent: r.percentBp === null ? null : r.percentBp / 100,
            Increase: r.increaseCents === null ? null : centsToAmount(r.increaseCents),
            Yearly: r.yearly,
            Status: charged(r.effectiveMonth) ? ('charged' as const) : ('scheduled' as const),
            NoticeDay: rentNoticeDay(r.effectiveMonth),
            NoticeSent: r.noticeQueued,
          })),
        ],
      };
    },

    async schedule(
      scope: AgentScope,
      by: number,
      input: Omit<Terms, 'Date'> & { TenancyId: number; On: 'anniversary' | 'date'; Date?: string },
    ) {
      return db.transaction(async (tx) => {
        const access = await managedTenancy(tx, scope, input.TenancyId);
        const terms = await repo.tenancyTerms(tx, input.TenancyId);
        const day = input.On === 'anniversary' ? firstOpenAnniversary(terms, accountingDate(clock.now())) : input.Date!;
        const month = checkDate(terms, day);
        if (await repo.monthTaken(tx, input.TenancyId, month)) throw new Conflict(RENT_REVIEW_MESSAGES.monthTaken);
        const increase = increaseOf({ ...input, Date: day });
        const before = (await repo.reviewsOf(tx, input.TenancyId)).filter((r) => r.effectiveMonth < month).at(-1)?.rentCents ?? terms.startRentCents;
        const rentCents = reviewedRent(before, increase);
        if (!rentWithinLimit(rentCents)) throw new Invalid(RENT_REVIEW_MESSAGES.tooLarge);
        const reviewId = await repo.insertReview(tx, {
          agentId: access.agentId,
          tenancyId: input.TenancyId,
          reviewDate: day,
          effectiveMonth: month,
          ...increase,
          yearly: input.Yearly ?? false,
          rentCents,
          createdBy: by,
          followsReviewId: null,
          at: clock.now(),
        });
        if (reviewId === null) throw new Conflict(RENT_REVIEW_MESSAGES.monthTaken);
        await refigure(tx, input.TenancyId);
        const saved = await repo.reviewById(tx, reviewId);
        return { message: RENT_REVIEW_MESSAGES.scheduled(formatKsh(saved!.rentCents), monthLabel(month)), ReviewId: reviewId };
      });
    },

    async update(scope: AgentScope, input: Terms & { ReviewId: number }) {
      return db.transaction(async (tx) => {
        const found = await repo.reviewById(tx, input.ReviewId, true);
        if (!found) throw new NotFound(RENT_REVIEW_MESSAGES.reviewNotFound);
        await managedTenancy(tx, scope, found.tenancyId);
        const terms = await repo.tenancyTerms(tx, found.tenancyId);
        if (found.cancelled || (terms.chargedThrough !== null && found.effectiveMonth <= terms.chargedThrough))
          throw new Conflict(RENT_REVIEW_MESSAGES.notEditable);
        const month = checkDate(terms, input.Date);
        if (await repo.monthTaken(tx, found.tenancyId, month, found.reviewId)) throw new Conflict(RENT_REVIEW_MESSAGES.monthTaken);
        const increase = increaseOf(input);
        await repo.updateReview(tx, found.reviewId, {
          reviewDate: input.Date,
          effectiveMonth: month,
          ...increase,
          yearly: input.Yearly ?? false,
          // Worked out by refigure from the rent before it, where the review now stands.
          rentCents: found.rentCents,
        });
        await refigure(tx, found.tenancyId);
        const saved = await repo.reviewById(tx, found.reviewId);
        return { message: RENT_REVIEW_MESSAGES.updated(formatKsh(saved!.rentCents), monthLabel(month)), ReviewId: found.reviewId };
      });
    },

    async cancel(scope: AgentScope, by: number, reviewId: number) {
      return db.transaction(async (tx) => {
        const found = await repo.reviewById(tx, reviewId, true);
        if (!found) throw new NotFound(RENT_REVIEW_MESSAGES.reviewNotFound);
        await managedTenancy(tx, scope, found.tenancyId);
        const terms = await repo.tenancyTerms(tx, found.tenancyId);
        if (found.cancelled || (terms.chargedThrough !== null && found.effectiveMonth <= terms.chargedThrough))
          throw new Conflict(RENT_REVIEW_MESSAGES.notEditable);
        await repo.cancelReview(tx, reviewId, by, clock.now());
        await refigure(tx, found.tenancyId);
        return { message: RENT_REVIEW_MESSAGES.cancelled, ReviewId: reviewId };
      });
    },

    /**
     * The tenant's notices: every review whose notice day has come and whose
     * notice has not gone — a day missed while the server was down is caught
     * up, until the month the rent changes has passed. Each is claimed in the
     * transaction that queues its text, so two processes send it once.
     */
    async sendNotices(log?: Log) {
      const now = clock.now();
      const today = accountingDate(now);
      const horizon = new Date(now.getTime() + 30 * 86_400_000);
      const lastMonth = accountingMonth(horizon);
      await db.transaction((tx) => repeatYearly(tx, lastMonth, now, {}));
      let queued = 0;
      for (const due of await repo.noticesDue(db, lastMonth, accountingMonth(now))) {
        if (rentNoticeDay(due.effectiveMonth) > today) continue;
        try {
          const sent = await db.transaction(async (tx) => {
            if (!(await repo.claimNotice(tx, due.reviewId, now))) return false;
            if (!due.phone) return false;
            const text = translatorFor(due.language)('rentReviews.noticeText', {
              name: due.name,
              house: due.house,
              property: due.property,
              from: formatKsh(due.previousRentCents),
              to: formatKsh(due.rentCents),
              date: formatDay(`${due.effectiveMonth}T12:00:00+03:00`),
              agency: due.agencyName,
            });
            await notices.enqueueSms(tx, due.agentId, due.phone, text);
            return true;
          });
          if (sent) queued++;
        } catch (error) {
          log?.error({ err: error, reviewId: due.reviewId }, 'rent review notice not queued');
        }
      }
      if (queued) notices.kick();
      log?.info({ queued }, 'rent review notices');
      return queued;
    },
  };
}

/** The first anniversary of the start whose month is not yet charged and not before today. */
function firstOpenAnniversary(terms: { startDay: string; chargedThrough: string | null }, today: string) {
  let day = nextAnniversary(terms.startDay, today);
  while (terms.chargedThrough !== null && reviewEffectiveMonth(day) <= terms.chargedThrough) day = addYears(terms.startDay, Number(day.slice(0, 4)) - Number(terms.startDay.slice(0, 4)) + 1);
  return day;
}

export type RentReviewService = ReturnType<typeof rentReviewService>;
