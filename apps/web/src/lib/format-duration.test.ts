import { describe, expect, it } from 'vitest';
import { formatMinutes, formatReadingTime } from './format-duration';

describe('durations', () => {
  it('rounds estimated reading times to whole minutes, at least one', () => {
    expect(formatMinutes(0, 'en')).toBe('1 min');
    expect(formatMinutes(12.4, 'en')).toBe('12 min');
  });

  it('shows the time read in seconds, then minutes and seconds', () => {
    expect(formatReadingTime(45, 'en')).toBe('45 sec');
    expect(formatReadingTime(180, 'en')).toBe('3 min');
    expect(formatReadingTime(200, 'en')).toBe('3 min 20 sec');
    expect(formatReadingTime(-3, 'en')).toBe('0 sec');
  });
});
