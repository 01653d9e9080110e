import {
  API,
  GetOtpResponse,
  VerifyOtpResponse,
  type GetOtpRequest,
  type VerifyOtpRequest,
} from '@makazi/domain';

import { ApiError, apiFetch } from '../../../lib/api-client';

/** Asks the server to email a one-time code; the answer says how long it lives, never the code. */
export async function requestOtp(body: GetOtpRequest): Promise<GetOtpResponse> {
  const parsed = GetOtpResponse.safeParse(
    await apiFetch<unknown>(API.client.getOtp, { method: 'POST', body }),
  );
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}

/** The server checks the code and answers with a signed proof that sign-up requires. */
export async function verifyOtp(body: VerifyOtpRequest): Promise<VerifyOtpResponse> {
  const parsed = VerifyOtpResponse.safeParse(
    await apiFetch<unknown>(API.client.verifyOtp, { method: 'POST', body }),
  );
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}
