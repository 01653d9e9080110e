/** The server's sense of now. Tests set it; accounting dates never come from the client. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function manualClock(start = new Date('2026-11-21T09:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}

/**
 * For end-to-end tests only (`TEST_CLOCK_FILE`, refused in production): the
 * system clock moved by the ISO date-time the file holds, read at each call —
 * a test writes the file to move the server into another month. An absent or
 * empty file leaves the clock as it is.
 */
export function fileClock(file: string, read: (file: string) => string): Clock {
  return {
    now() {
      let text = '';
      try {
        text = read(file).trim();
      } catch {
        return new Date();
      }
      const target = text ? Date.parse(text) : NaN;
      return Number.isNaN(target) ? new Date() : new Date(target);
    },
  };
}
