import { describe, expect, it } from 'vitest';
import { localDay } from './clock.ts';

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
