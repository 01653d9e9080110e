import { ApiErrorBody } from '@makazi/domain';

/** The refusals every scoped route may answer with, for its response schema. */
export const REFUSALS = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  409: ApiErrorBody,
} as const;

export const BEARER = [{ bearer: [] }];
