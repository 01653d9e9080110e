import {
  API,
  type AuthResponse,
  type EndPreviousSessionRequest,
  type LogoutRequest,
  type MessageResponse,
  type SignInRequest,
} from '@makazi/domain';
import type { z } from 'zod';

import { ApiError, apiFetch } from '../api-client';

// The schema (and zod with it) loads with the first answer to check, not with
// the first page: an anonymous visit never needs it.
async function parseAuthResponse(data: unknown): Promise<AuthResponse> {
  const { AuthResponse } = await import('./auth-schemas');
  const parsed = AuthResponse.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'Invalid response data', 'INVALID_RESPONSE');
  return parsed.data;
}

export async function loginRequest(body: SignInRequest): Promise<AuthResponse> {
  return parseAuthResponse(await apiFetch<unknown>(API.auth.login, { method: 'POST', body }));
}

/** GET refreshAccessToken: the httpOnly refresh cookie is the credential. */
export async function refreshRequest(signal?: AbortSignal): Promise<AuthResponse> {
  return parseAuthResponse(await apiFetch<unknown>(API.auth.refreshAccessToken, { signal }));
}

/** POST authenticateuser: the session as the server now sees it, under the current bearer token. */
export async function authenticateUserRequest(): Promise<AuthResponse> {
  return parseAuthResponse(await apiFetch<unknown>(API.auth.authenticateUser, { method: 'POST' }));
}

export function endPreviousSessionRequest(
  body: z.input<typeof EndPreviousSessionRequest>,
): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(API.auth.endPreviousSession, { method: 'PATCH', body });
}

export function logoutRequest(body: z.input<typeof LogoutRequest>): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(API.auth.logout, { method: 'POST', body });
}
