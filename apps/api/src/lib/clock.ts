/** The source of "now" for every rule that depends on time; tests advance it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move; for tests and tools. */
export function manualClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/** The calendar day (YYYY-MM-DD) that `at` falls on in an IANA time zone; UTC if the zone is unknown. */
export function localDay(at: Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}
