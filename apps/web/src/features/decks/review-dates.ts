import type { Locale } from '@lendo/shared';
import { serverNow } from '@/lib/api-client';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/**
 * When a review was or will be, said the way people say it: "3 days ago", "in 2 hours", "tomorrow".
 * Within a minute of `now` it is null: the caller says "now" (or "just now") in its own words.
 */
export function formatRelative(iso: string, locale: Locale, now = serverNow()): string | null {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (Math.abs(seconds) < 60) return null;
  let [unit, size] = STEPS[0]!;
  for (const step of STEPS) if (Math.abs(seconds) >= step[1]) [unit, size] = step;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

/** Whether a card or deck falling due at `iso` is due already. */
export function isDue(iso: string, now = serverNow()): boolean {
  return new Date(iso).getTime() <= now.getTime();
}

type Translate = (key: string) => string;

/**
 * When a deck or card is next due: "now" once it is due, "in a moment" within a minute, else "in 3
 * days"; "—" for nothing to review.
 */
export function nextReviewText(iso: string | null, locale: Locale, t: Translate, now = serverNow()): string {
  if (!iso) return '—';
  if (isDue(iso, now)) return t('decks.due-now');
  return formatRelative(iso, locale, now) ?? t('decks.due-soon');
}

/** When a deck or card was last reviewed: "never", "just now" or "2 days ago". */
export function lastReviewText(iso: string | null, locale: Locale, t: Translate, now = serverNow()): string {
  if (!iso) return t('decks.never-reviewed');
  return formatRelative(iso, locale, now) ?? t('decks.just-now');
}
