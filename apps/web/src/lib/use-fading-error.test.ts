import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useFadingError } from './use-fading-error';

describe('useFadingError (fetching errors clear after 10 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a fresh error, hides it after 10 s, and shows the next one again', () => {
    const { result, rerender } = renderHook(({ at }) => useFadingError(at), { initialProps: { at: 0 } });
    expect(result.current).toBe(false);
    rerender({ at: 1000 });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
    rerender({ at: 2000 });
    expect(result.current).toBe(true);
  });
});
