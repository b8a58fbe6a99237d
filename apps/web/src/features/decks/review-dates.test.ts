import { describe, expect, it } from 'vitest';
import { formatRelative, isDue, lastReviewText, nextReviewText } from './review-dates';

const NOW = new Date('2025-03-10T12:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

describe('formatRelative', () => {
  it('says past and future moments in the largest unit that fits', () => {
    expect(formatRelative(at(-5 * 60), 'en', NOW)).toBe('5 minutes ago');
    expect(formatRelative(at(3 * 3600), 'en', NOW)).toBe('in 3 hours');
    expect(formatRelative(at(24 * 3600), 'en', NOW)).toBe('tomorrow');
    expect(formatRelative(at(-3 * 86400), 'pt', NOW)).toBe('há 3 dias');
    expect(formatRelative(at(45 * 86400), 'es', NOW)).toBe('dentro de 2 meses');
  });

  it('leaves the words for "now" to the caller within a minute', () => {
    expect(formatRelative(at(30), 'en', NOW)).toBeNull();
    expect(formatRelative(at(-59), 'en', NOW)).toBeNull();
  });
});

describe('isDue', () => {
  it('is due from the moment it falls due', () => {
    expect(isDue(at(0), NOW)).toBe(true);
    expect(isDue(at(-1), NOW)).toBe(true);
    expect(isDue(at(1), NOW)).toBe(false);
  });
});

describe('nextReviewText and lastReviewText', () => {
  const t = (key: string) => `<${key}>`;

  it('says "now" for what is due and a relative time for what is not', () => {
    expect(nextReviewText(at(-3600), 'en', t, NOW)).toBe('<decks.due-now>');
    expect(nextReviewText(at(30), 'en', t, NOW)).toBe('<decks.due-soon>');
    expect(nextReviewText(at(2 * 86400), 'en', t, NOW)).toBe('in 2 days');
    expect(nextReviewText(null, 'en', t, NOW)).toBe('—');
  });

  it('says "never" and "just now" in the interface language', () => {
    expect(lastReviewText(null, 'en', t, NOW)).toBe('<decks.never-reviewed>');
    expect(lastReviewText(at(-10), 'en', t, NOW)).toBe('<decks.just-now>');
    expect(lastReviewText(at(-2 * 3600), 'en', t, NOW)).toBe('2 hours ago');
  });
});
