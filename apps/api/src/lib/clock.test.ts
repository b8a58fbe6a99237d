import { describe, expect, it } from 'vitest';
import { localDay, startOfLocalDay } from './clock.ts';

describe('localDay', () => {
  it("gives the day in the user's time zone", () => {
    const at = new Date('2026-03-01T02:30:00Z');
    expect(localDay(at, 'UTC')).toBe('2026-03-01');
    expect(localDay(at, 'America/Sao_Paulo')).toBe('2026-02-28');
    expect(localDay(at, 'Asia/Tokyo')).toBe('2026-03-01');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(localDay(new Date('2026-03-01T23:30:00Z'), 'Mars/Olympus')).toBe('2026-03-01');
  });
});

describe('startOfLocalDay', () => {
  it('gives the instant the local day begins', () => {
    expect(startOfLocalDay('2026-03-01', 'UTC').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(startOfLocalDay('2026-02-28', 'America/Sao_Paulo').toISOString()).toBe('2026-02-28T03:00:00.000Z');
    expect(startOfLocalDay('2026-03-01', 'Asia/Tokyo').toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(startOfLocalDay('2026-03-01', 'Asia/Kolkata').toISOString()).toBe('2026-02-28T18:30:00.000Z');
  });

  it('follows daylight saving time', () => {
    // New York: EST (UTC-5) in January, EDT (UTC-4) in July; the clocks change at 2:00.
    expect(startOfLocalDay('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfLocalDay('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(startOfLocalDay('2026-03-01', 'Mars/Olympus').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
