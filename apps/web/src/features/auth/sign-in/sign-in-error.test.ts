import { SIGN_IN_MESSAGES } from '@makazi/domain';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-client';
import { describeSignInError } from './sign-in-error';

describe('describeSignInError', () => {
  it('shows the server message of a 401 and a 400', async () => {
    expect(await describeSignInError(new ApiError(401, 'Wrong email or password'))).toEqual({
      message: 'Wrong email or password',
      loginTime: undefined,
    });
    expect(await describeSignInError(new ApiError(400, 'Bad input'))).toEqual({ message: 'Bad input' });
  });

  it('offers to end a previous session on a login conflict', async () => {
    const body = {
      message: SIGN_IN_MESSAGES.alreadyLoggedIn,
      multipleLogIn: true,
      previousSessionUserId: 3,
      LoginTime: 'not a date',
      SessionId: 'ticket-1',
    };
    expect(await describeSignInError(new ApiError(401, body.message, undefined, undefined, body))).toEqual({
      message: SIGN_IN_MESSAGES.alreadyLoggedIn,
      loginTime: 'not a date',
      conflictTicket: 'ticket-1',
    });
  });

  it('blames the network when there was no answer, and falls back otherwise', async () => {
    expect((await describeSignInError(new ApiError(0, 'x'))).message).toBe(SIGN_IN_MESSAGES.network);
    expect((await describeSignInError(new ApiError(500, 'x'))).message).toBe(SIGN_IN_MESSAGES.fallback);
    expect((await describeSignInError(new Error('boom'))).message).toBe(SIGN_IN_MESSAGES.fallback);
  });
});
