import { API, UserGeneralInformation } from '@makazi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiFetch } from '../../../lib/api-client';

export async function getUserGeneralInformation(
  userNo: number,
  signal?: AbortSignal,
): Promise<UserGeneralInformation> {
  const data = await apiFetch<unknown>(API.users.generalInformation, { query: { userNo }, signal });
  const parsed = UserGeneralInformation.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}

export const userGeneralInformationQuery = (userNo: number) =>
  queryOptions({
    queryKey: ['users', userNo, 'general-information'],
    queryFn: ({ signal }) => getUserGeneralInformation(userNo, signal),
    enabled: Number.isInteger(userNo) && userNo > 0,
  });

export function useUserGeneralInformation(userNo: number) {
  return useQuery(userGeneralInformationQuery(userNo));
}
