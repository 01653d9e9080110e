import { isLanguage, type Language } from '@makazi/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/**
 * The rent charged for `month` of a tenancy: the latest review in force by
 * then, else the rent it started at. Reads the unique index on (tenancy,
 * effective month) once per row. The monthly run and every figure that shows
 * "the rent" use this one expression.
 */
export function rentInForce(tenancyId: SQL, month: SQL, startRent: SQL) {
  return sql`coalesce((SELECT rr.rent_cents FROM rent_reviews rr
    WHERE rr.tenancy_id = ${tenancyId} AND rr.cancelled_at IS NULL AND rr.effective_month <= ${month}
    ORDER BY rr.effective_month DESC LIMIT 1), ${startRent})`;
}

/**
 * The rent a tenancy is charged now: the rent in force for the latest month
 * charged (a review still to come changes nothing yet). What the lists show
 * as Rent and what MonthLapse divides by.
 */
export const CURRENT_RENT = rentInForce(
  sql`t.tenancy_id`,
  sql`coalesce((SELECT max(cj.charge_month) FROM journal_transactions cj WHERE cj.tenancy_id = t.tenancy_id AND cj.kind = 'rent_charge'), t.first_month)`,
  sql`t.rent_cents`,
);

export interface Review {
  reviewId: number;
  tenancyId: number;
  agentId: number;
  reviewDate: string;
  effectiveMonth: string;
  percentBp: number | null;
  increaseCents: number | null;
  yearly: boolean;
  rentCents: number;
  cancelled: boolean;
  noticeQueued: boolean;
  followsReviewId: number | null;
  createdBy: number;
}

function review(r: Record<string, unknown>): Review {
  return {
    reviewId: Number(r.review_id),
    tenancyId: Number(r.tenancy_id),
    agentId: Number(r.agent_id),
    reviewDate: String(r.review_date),
    effectiveMonth: String(r.effective_month),
    percentBp: r.percent_bp == null ? null : Number(r.percent_bp),
    increaseCents: r.increase_cents == null ? null : Number(r.increase_cents),
    yearly: Boolean(r.yearly),
    rentCents: Number(r.rent_cents),
    cancelled: r.cancelled_at != null,
    noticeQueued: r.notice_queued_at != null,
    followsReviewId: r.follows_review_id == null ? null : Number(r.follows_review_id),
    createdBy: Number(r.created_by),
  };
}

const COLUMNS = sql`review_id, tenancy_id, agent_id, review_date::text AS review_date, effective_month::text AS effective_month,
  percent_bp, increase_cents, yearly, rent_cents, cancelled_at, notice_queued_at, follows_review_id, created_by`;

/** A tenancy's reviews in force or to come, oldest first; cancelled ones left out. */
export async function reviewsOf(db: DbOrTx, tenancyId: number): Promise<Review[]> {
  const result = await db.execute(sql`
    SELECT ${COLUMNS} FROM rent_reviews WHERE tenancy_id = ${tenancyId} AND cancelled_at IS NULL ORDER BY effective_month`);
  return rowsOf<Record<string, unknown>>(result).map(review);
}

export async function reviewById(db: DbOrTx, reviewId: number, lock = false): Promise<Review | null> {
  const result = await db.execute(sql`
    SELECT ${COLUMNS} FROM rent_reviews WHERE review_id = ${reviewId} ${lock ? sql`FOR UPDATE` : sql``}`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return row ? review(row) : null;
}

/** The tenancy's start as a Nairobi day, the rent it started at and the latest month whose rent is charged. */
export async function tenancyTerms(db: DbOrTx, tenancyId: number) {
  const result = await db.execute(sql`
    SELECT to_char(t.start_date AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD') AS start_day, t.rent_cents, t.first_month::text AS first_month,
           (SELECT max(j.charge_month) FROM journal_transactions j WHERE j.tenancy_id = t.tenancy_id AND j.kind = 'rent_charge')::text AS charged_through
    FROM tenancies t WHERE t.tenancy_id = ${tenancyId}`);
  const row = rowsOf<{ start_day: string; rent_cents: string | number; first_month: string; charged_through: string | null }>(result)[0]!;
  return {
    startDay: row.start_day,
    startRentCents: Number(row.rent_cents),
    firstMonth: row.first_month,
    chargedThrough: row.charged_through,
  };
}

export async function insertReview(
  db: DbOrTx,
  r: Omit<Review, 'reviewId' | 'cancelled' | 'noticeQueued'> & { at: Date },
): Promise<number | null> {
  const result = await db.execute(sql`
    INSERT INTO rent_reviews (agent_id, tenancy_id, review_date, effective_month, percent_bp, increase_cents, yearly, rent_cents,
                              created_at, created_by, follows_review_id)
    VALUES (${r.agentId}, ${r.tenancyId}, ${r.reviewDate}::date, ${r.effectiveMonth}::date, ${r.percentBp}, ${r.increaseCents},
            ${r.yearly}, ${r.rentCents}, ${r.at.toISOString()}, ${r.createdBy}, ${r.followsReviewId})
    ON CONFLICT DO NOTHING
    RETURNING review_id`);
  const id = rowsOf<{ review_id: string | number }>(result)[0]?.review_id;
  return id === undefined ? null : Number(id);
}

/** New terms for a review not yet in force; its notice goes again with the new figure. */
export async function updateReview(
  db: DbOrTx,
  reviewId: number,
  r: Pick<Review, 'reviewDate' | 'effectiveMonth' | 'percentBp' | 'increaseCents' | 'yearly' | 'rentCents'>,
) {
  await db.execute(sql`
    UPDATE rent_reviews SET review_date = ${r.reviewDate}::date, effective_month = ${r.effectiveMonth}::date, percent_bp = ${r.percentBp},
      increase_cents = ${r.increaseCents}, yearly = ${r.yearly}, rent_cents = ${r.rentCents}, notice_queued_at = NULL
    WHERE review_id = ${reviewId}`);
}

/** A later review's rent, worked out again from the rent before it; a notice not yet sent goes with the new figure. */
export async function setRent(db: DbOrTx, reviewId: number, rentCents: number) {
  await db.execute(sql`UPDATE rent_reviews SET rent_cents = ${rentCents}, notice_queued_at = NULL WHERE review_id = ${reviewId}`);
}

export async function cancelReview(db: DbOrTx, reviewId: number, by: number, at: Date) {
  await db.execute(sql`
    UPDATE rent_reviews SET cancelled_at = ${at.toISOString()}, cancelled_by = ${by} WHERE review_id = ${reviewId} AND cancelled_at IS NULL`);
}

/** Another review of the tenancy for that month (not `except`), still standing. */
export async function monthTaken(db: DbOrTx, tenancyId: number, month: string, except?: number) {
  const result = await db.execute(sql`
    SELECT 1 FROM rent_reviews WHERE tenancy_id = ${tenancyId} AND effective_month = ${month}::date AND cancelled_at IS NULL
    ${except === undefined ? sql`` : sql`AND review_id <> ${except}`}`);
  return rowsOf(result).length > 0;
}

/**
 * Yearly reviews due to repeat by `until` (an effective month): the latest
 * standing review of an active tenancy, yearly, not yet repeated (a
 * cancelled repetition counts: cancelling it ends the yearly run).
 */
export async function yearlyToRepeat(db: DbOrTx, filter: { agentId?: number; tenancyId?: number }) {
  const result = await db.execute(sql`
    SELECT ${COLUMNS} FROM rent_reviews r
    WHERE r.yearly AND r.cancelled_at IS NULL
      ${filter.agentId === undefined ? sql`` : sql`AND r.agent_id = ${filter.agentId}`}
      ${filter.tenancyId === undefined ? sql`` : sql`AND r.tenancy_id = ${filter.tenancyId}`}
      AND EXISTS (SELECT 1 FROM tenancies t WHERE t.tenancy_id = r.tenancy_id AND t.ended_at IS NULL)
      AND NOT EXISTS (SELECT 1 FROM rent_reviews n WHERE n.follows_review_id = r.review_id)
      AND NOT EXISTS (SELECT 1 FROM rent_reviews n WHERE n.tenancy_id = r.tenancy_id AND n.cancelled_at IS NULL AND n.effective_month > r.effective_month)
    ORDER BY r.review_id`);
  return rowsOf<Record<string, unknown>>(result).map(review);
}

export interface NoticeDue {
  reviewId: number;
  agentId: number;
  effectiveMonth: string;
  rentCents: number;
  previousRentCents: number;
  name: string;
  phone: string;
  language: Language;
  agencyName: string;
  house: string;
  property: string;
}

/** Reviews whose notice day has come (`lastMonth`: the latest effective month whose notice is due) and whose notice has not gone, of tenancies still running. */
export async function noticesDue(db: DbOrTx, lastMonth: string, earliestMonth: string): Promise<NoticeDue[]> {
  const result = await db.execute(sql`
    SELECT r.review_id, r.agent_id, r.effective_month::text AS effective_month, r.rent_cents,
           ${rentInForce(sql`r.tenancy_id`, sql`(r.effective_month - interval '1 month')::date`, sql`t.rent_cents`)} AS previous_rent_cents,
           c.first_name, c.phone_no, c.preferred_language, a.agent_name, h.house_number, p.property_name
    FROM rent_reviews r
    JOIN tenancies t ON t.tenancy_id = r.tenancy_id AND t.ended_at IS NULL
    JOIN clients c ON c.client_no = t.client_no
    JOIN agents a ON a.agent_id = r.agent_id
    JOIN houses h ON h.house_id = t.house_id
    JOIN properties p ON p.prop_id = h.prop_id
    WHERE r.cancelled_at IS NULL AND r.notice_queued_at IS NULL
      AND r.effective_month <= ${lastMonth}::date AND r.effective_month >= ${earliestMonth}::date
    ORDER BY r.review_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    reviewId: Number(r.review_id),
    agentId: Number(r.agent_id),
    effectiveMonth: String(r.effective_month),
    rentCents: Number(r.rent_cents),
    previousRentCents: Number(r.previous_rent_cents),
    name: String(r.first_name),
    phone: String(r.phone_no ?? ''),
    language: isLanguage(r.preferred_language) ? r.preferred_language : 'en',
    agencyName: String(r.agent_name),
    house: String(r.house_number),
    property: String(r.property_name),
  }));
}

/** Claims a review's notice: true for the one process that marks it first. */
export async function claimNotice(db: DbOrTx, reviewId: number, at: Date): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE rent_reviews SET notice_queued_at = ${at.toISOString()}
    WHERE review_id = ${reviewId} AND notice_queued_at IS NULL AND cancelled_at IS NULL RETURNING review_id`);
  return rowsOf(result).length > 0;
}
