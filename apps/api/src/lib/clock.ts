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

/**
 * Intl formatters by time zone: building one costs far more than using it, and a request may ask
 * for several days. Bounded by the zones learners actually have.
 */
function formatterCache(options: Intl.DateTimeFormatOptions, locale: string) {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      if (formatters.size < 1000) formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}
const dayFormatter = formatterCache({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');
const wallClockFormatter = formatterCache(
  {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  },
  'en-US',
);

/** The calendar day (YYYY-MM-DD) that `at` falls on in an IANA time zone; UTC if the zone is unknown. */
export function localDay(at: Date, timeZone: string): string {
  try {
    return dayFormatter(timeZone).format(at);
  } catch {
    return dayFormatter('UTC').format(at);
  }
}

/** How far a time zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = wallClockFormatter(timeZone).formatToParts(at);
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
