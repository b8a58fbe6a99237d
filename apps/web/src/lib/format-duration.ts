import type { Locale } from '@lendo/shared';

const unit = (locale: Locale, name: 'minute' | 'second') =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' });

/** An estimated reading time: "5 min"; never "0 min" for a short text. */
export function formatMinutes(minutes: number, locale: Locale): string {
  return unit(locale, 'minute').format(Math.max(1, Math.round(minutes)));
}

/** Time actually spent reading: "45 sec", "3 min", "3 min 20 sec". */
export function formatReadingTime(seconds: number, locale: Locale): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return unit(locale, 'second').format(total);
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  const text = unit(locale, 'minute').format(minutes);
  return rest === 0 ? text : `${text} ${unit(locale, 'second').format(rest)}`;
}
