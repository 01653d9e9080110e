import { describe, expect, it, vi } from 'vitest';

import { createSessionStore } from './session-store';
import { emptySession } from './session-types';

describe('createSessionStore', () => {
  it('starts logged out with every field empty', () => {
    const store = createSessionStore();
    expect(store.getState().session).toEqual(emptySession());
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(store.getState().userSpace.currentRole).toBeNull();
  });

  it('notifies subscribers and clear resets everything', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setSession({ isLoggedIn: true, userName: 'Jane', accessToken: 't' });
    store.setUserSpace({ currentRole: 5100, space: 'agency' });
    expect(listener).toHaveBeenCalledTimes(2);
    store.clear();
    expect(store.getState().session).toEqual(emptySession());
    expect(store.getState().userSpace.space).toBeNull();
  });
});
