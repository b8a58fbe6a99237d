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
export type ManualClock = ReturnType<typeof manualClock>;

export const isManualClock = (clock: Clock): clock is ManualClock => 'advance' in clock;

/** The earliest of some moments, leaving out the nulls; null when there is none. */
export function earliest(...times: (Date | null | undefined)[]): Date | null {
  let first: Date | null = null;
  for (const time of times) if (time && (!first || time < first)) first = time;
  return first;
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

/** How far a time zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a local calendar day (YYYY-MM-DD) begins in an IANA time zone; UTC if the zone is
 * unknown. (Where a daylight-saving jump skips midnight itself, it may be off by that jump.)
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const offset = (at: number) => {
    try {
      return zoneOffsetMs(new Date(at), timeZone);
    } catch {
      return 0;
    }
  };
  return new Date(midnight - offset(midnight - offset(midnight)));
}
