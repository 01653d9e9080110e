import { API, type SignUpRequest, type SignUpResponse } from '@makazi/domain';

import { apiFetch } from '../../../lib/api-client';

export function signUp(body: SignUpRequest): Promise<SignUpResponse> {
  return apiFetch<SignUpResponse>(API.auth.signup, { method: 'POST', body });
}
