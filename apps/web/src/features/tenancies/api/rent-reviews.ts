import { API, RentHistory, RentReviewSaved } from '@makazi/domain';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-client';
import { parseApiData as parsed } from '../../../lib/parse-api-data';
import { queryKeys } from '../../../lib/query-keys';

/** Under the agent's tenancies: a run or a review anywhere makes it stale with them. */
export const rentHistoryQuery = (managingAgentId: number, tenancyId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenancies(managingAgentId), 'rent-reviews', tenancyId] as const,
    queryFn: async ({ signal }) =>
      parsed(RentHistory, await apiFetch<unknown>(API.rentReviews.list, { query: { managingAgentId, tenancyId }, signal })),
  });

export interface ReviewTerms {
  Date?: string;
  Percent?: string;
  Amount?: string;
  Yearly: boolean;
}

export async function scheduleReview(body: ReviewTerms & { managingAgentId: number; TenancyId: number; On: 'anniversary' | 'date' }) {
  return parsed(RentReviewSaved, await apiFetch<unknown>(API.rentReviews.schedule, { method: 'POST', body }));
}

export async function updateReview(body: ReviewTerms & { managingAgentId: number; ReviewId: number }) {
  return parsed(RentReviewSaved, await apiFetch<unknown>(API.rentReviews.update, { method: 'POST', body }));
}

export async function cancelReview(body: { managingAgentId: number; ReviewId: number }) {
  return parsed(RentReviewSaved, await apiFetch<unknown>(API.rentReviews.cancel, { method: 'POST', body }));
}
